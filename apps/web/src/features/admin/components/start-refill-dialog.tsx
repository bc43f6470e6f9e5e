import { zodResolver } from "@hookform/resolvers/zod";
import {
  formatBtcPlain,
  parseBtc,
  STATUS_REASON_MAX_LENGTH,
  sendMessages,
  startRefillBodySchema,
} from "@satsbank/shared";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { AmountInput } from "@/components/amount-input";
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
import { fieldMessages } from "@/lib/form-errors";
import { btcText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { useFormAlert } from "@/lib/use-form-alert";
import { useStartRefill } from "../api/start-refill";

/** The form as typed: the amount in BTC (as the send form takes it), the reason as the contract checks it. */
const startRefillFormSchema = z.object({
  amount: z.string().refine((text) => (parseBtc(text) ?? 0n) > 0n, sendMessages.invalidAmount.text),
  reason: startRefillBodySchema.shape.reason,
});
type StartRefillForm = z.infer<typeof startRefillFormSchema>;

export interface StartRefillDialogProps {
  /** The vault's coins free for a refill. */
  availableSats: string;
  /** What would bring the hot wallet up to its target ("0" at or above it): the amount filled in. */
  suggestedSats: string;
}

/** Start a refill from the cold vault to the hot wallet: the amount in BTC and a reason. */
export function StartRefillDialog(props: StartRefillDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">Start a refill</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Start a refill</DialogTitle>
          <DialogDescription>
            Moves bitcoin from the cold vault to the hot wallet. The vault coins it spends are locked and its
            PSBT is prepared; it is broadcast once two key holders have signed it. The reason is kept in the
            audit log.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted with the dialog, so every opening starts afresh. */}
        {open && <StartRefillForm {...props} onClose={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function StartRefillForm({
  availableSats,
  suggestedSats,
  onClose,
}: StartRefillDialogProps & { onClose: () => void }) {
  const start = useStartRefill();
  const suggested = BigInt(suggestedSats);
  const form = useForm<StartRefillForm>({
    resolver: zodResolver(startRefillFormSchema),
    defaultValues: { amount: suggested > 0n ? formatBtcPlain(suggested) : "", reason: "" },
  });
  const alert = useFormAlert(form.setError, ["reason"]);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    alert.clear();
    const amountSats = (parseBtc(values.amount) ?? 0n).toString();
    return start.mutateAsync({ amountSats, reason: values.reason }).then(
      (refill) => {
        onClose();
        notify.success(
          "Refill started",
          `The refill of ${btcText(BigInt(refill.amountSats))} waits for two key holders' signatures: download its PSBT for them.`,
        );
      },
      (error: unknown) => {
        // The amount's refusal (dust) is the server's on `amountSats`: it belongs on the amount.
        const amount = fieldMessages(error, ["amountSats"]).amountSats;
        if (amount) form.setError("amount", { type: "server", message: amount }, { shouldFocus: true });
        else alert.show(error);
      },
    );
  });

  const hint = `Available in the vault: ${btcText(BigInt(availableSats))}. ${
    suggested > 0n
      ? `${btcText(suggested)} brings the hot wallet to its target.`
      : "The hot wallet is at its target."
  } The vault's coins pay the miner fee.`;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormAlert>{alert.text}</FormAlert>
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <FormField label="Amount (BTC)" hint={hint} error={errors.amount?.message}>
            {(control) => (
              <AmountInput
                {...control}
                ref={field.ref}
                name={field.name}
                value={field.value}
                onBlur={field.onBlur}
                onValueChange={field.onChange}
                placeholder="0.00000000"
              />
            )}
          </FormField>
        )}
      />
      <FormField label="Reason" error={errors.reason?.message}>
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
        submitLabel="Start refill"
        busyLabel="Starting..."
        busy={form.formState.isSubmitting}
        onCancel={onClose}
        className="pt-0"
      />
    </form>
  );
}
