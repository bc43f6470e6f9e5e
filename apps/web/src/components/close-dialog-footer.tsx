import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";

/** The footer of a dialog that only shows something: one Close button (the dialog has no corner ✕). */
export function CloseDialogFooter() {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Close</Button>
      </DialogClose>
    </DialogFooter>
  );
}
