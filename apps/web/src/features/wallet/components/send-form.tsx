import {
  formatBtcPlain,
  NOTE_MAX_LENGTH,
  parseBtc,
  type SendForm as SendFormValues,
  sendMessages,
  type WalletSummary,
} from "@satsbank/shared";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { usdText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useQuoteSend } from "../api/quote-send";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { sendErrorToast } from "../lib/send-error";
import { type SendField, validateSend } from "../lib/validate-send";
import { AmountInput } from "./amount-input";
import { type SendReview, SendReviewDialog } from "./send-review-dialog";
import { VerifyToSendNotice } from "./verify-to-send-notice";

const FIELDS: readonly SendField[] = ["recipient", "amount", "note"];

/**
 * "Send Bitcoin": recipient, amount (with Max and its USD estimate) and an optional note. Continue checks
 * the specification's rules in order (each a destructive toast, the field marked and focused), asks the
 * server for a quote, then opens the review dialog.
 */
export function SendForm({ summary, blocked = false }: { summary: WalletSummary; blocked?: boolean }) {
  const navigate = useNavigate();
  const quote = useQuoteSend();
  const [review, setReview] = useState<SendReview | null>(null);
  const form = useForm<SendFormValues>({ defaultValues: { recipient: "", amount: "", note: "" } });
  const { errors } = form.formState;
  const amount = useWatch({ control: form.control, name: "amount" });
  const spendable = BigInt(summary.spendableSats);

  function reject(field: SendField, title: string, text: string) {
    form.setError(field, { type: "validate", message: text }, { shouldFocus: true });
    notify.error(title, text);
  }

  const onSubmit = form.handleSubmit((values) => {
    const checked = validateSend(values, spendable);
    if (!checked.ok) return reject(checked.field, checked.title, checked.text);
    quote.mutate(
      { recipient: checked.recipient, amountSats: checked.amountSats.toString() },
      {
        onSuccess: (answer) =>
          setReview({
            quote: answer,
            recipient: checked.recipient,
            note: checked.note,
            idempotencyKey: newIdempotencyKey(),
          }),
        onError: (error) => {
          const { title, text } = sendErrorToast(error, "Send failed");
          const field = isApiError(error) ? FIELDS.find((name) => error.fields[name]) : undefined;
          if (field) reject(field, title, text);
          else notify.error(title, text);
        },
      },
    );
  });

  const typedSats = parseBtc(amount) ?? 0n;
  const invalid = (field: SendField) => (errors[field] ? true : undefined);

  return (
    <>
      {!summary.canSend && <VerifyToSendNotice />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormField label="Recipient">
          {(control) => (
            <Input
              {...control}
              aria-invalid={invalid("recipient")}
              placeholder="Bitcoin address or username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register("recipient", { onChange: () => form.clearErrors("recipient") })}
            />
          )}
        </FormField>
        <FormField label="Amount (BTC)" hint={`≈ ${usdText(typedSats, summary.price)}`}>
          {(control) => (
            <div className="relative">
              <Controller
                control={form.control}
                name="amount"
                render={({ field }) => (
                  <AmountInput
                    {...control}
                    aria-invalid={invalid("amount")}
                    ref={field.ref}
                    name={field.name}
                    value={field.value}
                    onBlur={field.onBlur}
                    onValueChange={(value) => {
                      form.clearErrors("amount");
                      field.onChange(value);
                    }}
                    placeholder="0.00000000"
                    className="pr-16"
                  />
                )}
              />
              <Button
                variant="link"
                className="absolute top-1/2 right-3.5 -translate-y-1/2"
                onClick={() => {
                  form.clearErrors("amount");
                  form.setValue("amount", formatBtcPlain(spendable), { shouldDirty: true });
                }}
              >
                Max
              </Button>
            </div>
          )}
        </FormField>
        <FormField label="Note (optional)">
          {(control) => (
            <Input
              {...control}
              aria-invalid={invalid("note")}
              maxLength={NOTE_MAX_LENGTH}
              autoComplete="off"
              {...form.register("note", { onChange: () => form.clearErrors("note") })}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" disabled={!summary.canSend || blocked || quote.isPending}>
          {quote.isPending ? "Checking..." : "Continue"}
        </Button>
      </form>
      <SendReviewDialog
        review={review}
        onClose={() => setReview(null)}
        onSent={() => {
          notify.success(sendMessages.sent);
          void navigate(paths.dashboard);
        }}
      />
    </>
  );
}
