import { NOTE_MAX_LENGTH, type SendForm as SendFormValues, type WalletSummary } from "@satsbank/shared";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Input } from "@/components/ui/input";
import { isApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useProblemToast } from "@/lib/use-problem-toast";
import { useQuoteSend } from "../api/quote-send";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { sendErrorToast } from "../lib/send-error";
import { leftTodaySats, maxSendSats, sendableSats } from "../lib/sendable";
import { fieldProblem, type SendField, validateSend } from "../lib/validate-send";
import { sentToast } from "../lib/withdrawal-wait";
import { type OwnWallet, OwnWalletButton } from "./own-wallet-button";
import { SendAmountField } from "./send-amount-field";
import { type SendReview, SendReviewDialog } from "./send-review-dialog";
import { type VerifyLink, VerifyToSendNotice } from "./verify-to-send-notice";

const FIELDS: readonly SendField[] = ["recipient", "amount", "note"];

/**
 * "Send Bitcoin": recipient, amount (with its USD estimate, the amount available and Max) and an optional
 * note. Continue checks the specification's rules in order (each a destructive toast, the field marked with
 * the message and focused), asks the server for a quote, then opens the review dialog. A problem's toast
 * and mark go once its field is fixed; opening the review dismisses any toast left.
 */
export interface SendFormProps {
  summary: WalletSummary;
  blocked?: boolean;
  /** Where the "verify to send" notice leads (the screen knows where the customer's verification stopped). */
  verifyLink?: VerifyLink | undefined;
  /** A one-tap recipient: the customer's own connected wallet ("Send to my UniSat Wallet"). */
  ownWallet?: OwnWallet | undefined;
}

export function SendForm({ summary, blocked = false, verifyLink, ownWallet }: SendFormProps) {
  const navigate = useNavigate();
  const quote = useQuoteSend();
  const [review, setReview] = useState<SendReview | null>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const problemToast = useProblemToast<SendField>();
  // Marks are the form's own (set by Continue, cleared by `edited`): no re-validation as the person types.
  const form = useForm<SendFormValues>({
    defaultValues: { recipient: "", amount: "", note: "" },
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const recipient = useWatch({ control: form.control, name: "recipient" });

  function reject(field: SendField, title: string, text: string) {
    form.setError(field, { type: "validate", message: text }, { shouldFocus: true });
    problemToast.show(field, title, text);
  }

  /** Once the field passes the form's own checks, its mark and its toast go. */
  function settle(field: SendField) {
    if (fieldProblem(form.getValues(), summary, field)) return;
    if (form.getFieldState(field).error) form.clearErrors(field);
    problemToast.dismiss(field);
  }

  function edited(field: SendField) {
    settle(field);
    // What the amount may be depends on whether the recipient is an address.
    if (field === "recipient") settle("amount");
  }

  const onSubmit = form.handleSubmit((values) => {
    const checked = validateSend(values, summary);
    if (!checked.ok) return reject(checked.field, checked.title, checked.text);
    quote.mutate(
      { recipient: checked.recipient, amountSats: checked.amountSats.toString() },
      {
        onSuccess: (answer) => {
          problemToast.dismiss();
          form.clearErrors();
          setReview({
            quote: answer,
            recipient: checked.recipient,
            note: checked.note,
            idempotencyKey: newIdempotencyKey(),
          });
        },
        onError: (error) => {
          const { title, text } = sendErrorToast(error, "Send failed");
          const field = isApiError(error) ? FIELDS.find((name) => error.fields[name]) : undefined;
          if (field) reject(field, title, text);
          else problemToast.show(null, title, text);
        },
      },
    );
  });

  return (
    <>
      {!summary.canSend && <VerifyToSendNotice link={verifyLink} />}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <FormField label="Recipient" error={errors.recipient?.message}>
          {(control) => (
            <Input
              {...control}
              placeholder="Bitcoin address or username"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register("recipient", { onChange: () => edited("recipient") })}
            />
          )}
        </FormField>
        {ownWallet && (
          <OwnWalletButton
            wallet={ownWallet}
            onPick={() => {
              form.setValue("recipient", ownWallet.address, { shouldDirty: true });
              edited("recipient");
            }}
          />
        )}
        <SendAmountField
          control={form.control}
          availableSats={sendableSats(summary, recipient)}
          leftTodaySats={leftTodaySats(summary)}
          maxSats={maxSendSats(summary, recipient)}
          price={summary.price}
          error={errors.amount?.message}
          onEdited={() => edited("amount")}
        />
        <FormField label="Note (optional)" error={errors.note?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={NOTE_MAX_LENGTH}
              autoComplete="off"
              {...form.register("note", { onChange: () => edited("note") })}
            />
          )}
        </FormField>
        <SubmitButton
          ref={continueRef}
          size="lg"
          busy={quote.isPending}
          busyLabel="Checking..."
          disabled={!summary.canSend || blocked}
        >
          Continue
        </SubmitButton>
      </form>
      <SendReviewDialog
        review={review}
        onClose={() => setReview(null)}
        returnFocusRef={continueRef}
        onSent={(sent, { quote }) => {
          void sentToast(sent, quote.withdrawal?.approvalsNeeded ?? 0).then((told) =>
            notify.success(told.title, told.text),
          );
          void navigate(paths.dashboard);
        }}
      />
    </>
  );
}
