import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AdminWithdrawal,
  STATUS_REASON_MAX_LENGTH,
  type WithdrawalRejectBody,
  withdrawalRejectBodySchema,
} from "@satsbank/shared";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormAlert } from "@/components/form-alert";
import { FormField } from "@/components/form-field";
import { FormFooter } from "@/components/form-footer";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { isApiError } from "@/lib/api-client";
import { errorMessage } from "@/lib/form-errors";
import { btcText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useRejectWithdrawal } from "../api/reject-withdrawal";

type Rejected = Pick<AdminWithdrawal, "id" | "amountSats" | "customer">;

/** Reject a withdrawal: a dialog asking for the reason the customer reads (required, here and on the server). */
export function RejectWithdrawalDialog({
  withdrawal,
  disabled,
}: {
  withdrawal: Rejected;
  disabled?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const { name } = withdrawal.customer;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" disabled={disabled}>
          Reject
          <span className="sr-only">{` the withdrawal of ${name}`}</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`Reject the withdrawal of ${btcText(BigInt(withdrawal.amountSats))}?`}</DialogTitle>
          <DialogDescription>
            {`It will not be sent: the amount and its fee go back to ${name}, who is told with your reason. The reason is kept in the audit log.`}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so every opening starts with an empty reason. */}
        {open && <RejectForm withdrawal={withdrawal} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({ withdrawal, onDone }: { withdrawal: Rejected; onDone: () => void }) {
  const reject = useRejectWithdrawal();
  const form = useForm<WithdrawalRejectBody>({
    resolver: zodResolver(withdrawalRejectBodySchema),
    defaultValues: { reason: "" },
  });
  const alert = useFormAlert(form.setError, ["reason"]);

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    // Not mutate's callbacks: a rejected withdrawal leaves the queue when it is asked again, and this form
    // with it; mutateAsync's promise settles regardless.
    return reject.mutateAsync({ withdrawalId: withdrawal.id, reason: values.reason }).then(
      () => {
        onDone();
        notify.success(
          "Withdrawal rejected",
          `${withdrawal.customer.name} is told, and the money is back in their balance.`,
        );
      },
      (error: unknown) => {
        // Decided meanwhile (by someone else, or no longer waiting): nothing to retry here.
        if (isApiError(error) && (error.code === "CONFLICT" || error.code === "NOT_FOUND")) {
          onDone();
          notify.error("Withdrawal not rejected", errorMessage(error));
        } else alert.show(error);
      },
    );
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <FormField label="Reason" hint="The customer reads it." error={form.formState.errors.reason?.message}>
        {(control) => (
          <Textarea
            {...control}
            required
            rows={3}
            maxLength={STATUS_REASON_MAX_LENGTH}
            className="min-h-0"
            {...form.register("reason")}
          />
        )}
      </FormField>
      <FormFooter
        submitLabel="Reject"
        busyLabel="Rejecting..."
        busy={reject.isPending}
        onCancel={onDone}
        submitVariant="destructive"
        className="pt-0"
      />
    </form>
  );
}
