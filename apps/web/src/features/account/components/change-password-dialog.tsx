import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { ChangePasswordForm } from "./change-password-form";

/** The "Change" button of Security Settings and its "Change Password" dialog. */
export function ChangePasswordDialog() {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {/* The visible word starts the accessible name, so voice control can say "Change". */}
        <Button variant="outline" size="sm" aria-label="Change Password">
          Change
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>Enter your current password, then choose a new one.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: closing the dialog forgets whatever was typed. */}
        <ChangePasswordForm onCancel={() => setOpen(false)} onChanged={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  );
}
