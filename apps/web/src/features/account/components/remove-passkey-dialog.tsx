import type { Passkey } from "@satsbank/shared";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { passkeyErrorText } from "@/lib/passkey";
import { useRemovePasskey } from "../api/remove-passkey";
import { type FreshProofGate, isFreshProofCancelled } from "../lib/fresh-proof";

export interface RemovePasskeyDialogProps {
  passkey: Passkey;
  last: boolean;
  gate: FreshProofGate;
  /** The removal runs (the row's other buttons wait). */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Remove, after a confirmation naming the passkey. Removing the last one may ask "Confirm it's you" first:
 * the confirmation closes, the proof is asked in the dialog, and the removal goes on by itself.
 */
export function RemovePasskeyDialog({ passkey, last, gate, onBusyChange }: RemovePasskeyDialogProps) {
  const [open, setOpen] = useState(false);
  const remove = useRemovePasskey(gate);

  function confirm() {
    setOpen(false);
    onBusyChange(true);
    void remove.mutateAsync(passkey.id).then(
      () => notify.success("Passkey removed", `${passkey.name} no longer signs in to your account.`),
      (error: unknown) => {
        onBusyChange(false);
        if (isFreshProofCancelled(error)) return;
        notify.error("Passkey not removed", passkeyErrorText(error));
      },
    );
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove"}
          <span className="sr-only">{` ${passkey.name}`}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{`Remove ${passkey.name}?`}</AlertDialogTitle>
          <AlertDialogDescription>
            {last
              ? "It is your only passkey: you will sign in with your password and code again, and withdrawals will no longer ask for a passkey."
              : "It will no longer sign in to your account or approve your withdrawals."}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep it</AlertDialogCancel>
          <Button variant="destructive" onClick={confirm}>
            Remove passkey
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
