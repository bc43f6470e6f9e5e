import { sendErrors, type Transaction } from "@satsbank/shared";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/form-errors";
import { btcText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { useCancelWithdrawal } from "../api/cancel-withdrawal";
import { shortAddress } from "../lib/describe-transaction";

export interface CancelWithdrawalDialogProps {
  transaction: Transaction;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when the confirmation closes (the button that opened it may be gone). */
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * "Cancel this withdrawal?": the confirmation of a destructive step, as Log Out's. Confirming asks the
 * server; the money comes back and a toast says so. A refusal (already on its way) is a destructive toast.
 */
export function CancelWithdrawalDialog({
  transaction,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: CancelWithdrawalDialogProps) {
  const cancel = useCancelWithdrawal();
  const total = btcText(BigInt(transaction.amountSats) + BigInt(transaction.feeSats));
  const address = transaction.counterparty.address;

  function confirm() {
    // Not mutate's callbacks: they would be skipped if the details closed meanwhile.
    void cancel.mutateAsync(transaction.id).then(
      () => {
        onOpenChange(false);
        notify.success("Withdrawal cancelled", `${total} is back in your balance.`);
      },
      (error: unknown) => {
        onOpenChange(false);
        notify.error(sendErrors.notCancellable.title, errorMessage(error));
      },
    );
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) onOpenChange(next);
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this withdrawal?</AlertDialogTitle>
          <AlertDialogDescription>
            {`It will not be sent${address ? ` to ${shortAddress(address)}` : ""}. The amount and its network fee (${total} in all) come back to your balance.`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep it</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the server has answered. */}
          <Button variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel withdrawal"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
