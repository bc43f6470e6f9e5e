import { SubmitButton } from "@/components/submit-button";
import { Button, type ButtonProps } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";

export interface FormFooterProps {
  /** The submit button's words: "Save Changes". */
  submitLabel: string;
  /** Its words while the request runs: "Saving...". */
  busyLabel: string;
  /** The request runs: both buttons are disabled. */
  busy: boolean;
  onCancel: () => void;
  /** "Cancel", or "Back" for a step that goes back to the one before. */
  cancelLabel?: string;
  submitVariant?: ButtonProps["variant"];
  /**
   * `dialog` (the default): stacked on a phone, submit on top, like every dialog's footer. `inline`: one row at
   * the end, for a form that edits in place on a page.
   */
  layout?: "dialog" | "inline";
  className?: string;
}

/** A form's Cancel and submit buttons: the submit button says when its request runs. */
export function FormFooter({
  submitLabel,
  busyLabel,
  busy,
  onCancel,
  cancelLabel = "Cancel",
  submitVariant,
  layout = "dialog",
  className,
}: FormFooterProps) {
  const buttons = (
    <>
      <Button variant="outline" onClick={() => onCancel()} disabled={busy}>
        {cancelLabel}
      </Button>
      <SubmitButton variant={submitVariant} busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </SubmitButton>
    </>
  );
  return layout === "inline" ? (
    <div className={cn("flex justify-end gap-2 pt-2", className)}>{buttons}</div>
  ) : (
    <DialogFooter className={cn("pt-2", className)}>{buttons}</DialogFooter>
  );
}
