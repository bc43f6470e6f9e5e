import {
  isPaymentRequestText,
  NOTE_MAX_LENGTH,
  type PaymentRequest,
  parsePaymentRequest,
  type SendForm as SendFormValues,
  type WalletSummary,
} from "@satsbank/shared";
import { useEffect, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { FormField } from "@/components/form-field";
import { SubmitButton } from "@/components/submit-button";
import { Input } from "@/components/ui/input";
import { amountInputText, localeDecimalSeparator } from "@/lib/amount-input";
import { isApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { paths } from "@/lib/paths";
import { useProblemToast } from "@/lib/use-problem-toast";
import { useRecipientLookUp } from "../api/look-up-recipient";
import { useQuoteSend } from "../api/quote-send";
import { newIdempotencyKey } from "../lib/idempotency-key";
import { sendErrorToast } from "../lib/send-error";
import type { SendLinkValues } from "../lib/send-link";
import { leftTodaySats, sendableSats, sendFeeSats } from "../lib/sendable";
import { useSendAmount } from "../lib/use-send-amount";
import { fieldProblem, type SendField, validateSend } from "../lib/validate-send";
import { sentToast } from "../lib/withdrawal-wait";
import { type OwnWallet, OwnWalletButton } from "./own-wallet-button";
import { SendAmountField } from "./send-amount-field";
import { recipientStatusText, SendCost } from "./send-cost";
import { SendRecipientField } from "./send-recipient-field";
import { type SendReview, SendReviewDialog } from "./send-review-dialog";
import { type VerifyLink, VerifyToSendNotice } from "./verify-to-send-notice";

const FIELDS: readonly SendField[] = ["recipient", "amount", "note"];

/**
 * "Send Bitcoin": recipient (whom it reaches and whether a fee applies, as soon as the customer pauses),
 * amount (in BTC, sats or USD, with the balance available, Max, the fee and the total) and an optional
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
  /** What a payment link filled in (checked, never sent by itself: the customer continues and confirms). */
  initial?: SendLinkValues | undefined;
}

export function SendForm({ summary, blocked = false, verifyLink, ownWallet, initial }: SendFormProps) {
  const navigate = useNavigate();
  const quote = useQuoteSend();
  const [review, setReview] = useState<SendReview | null>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const problemToast = useProblemToast<SendField>();
  // Marks are the form's own (set by Continue, cleared once the field is right): no re-validation as the
  // person types, except what the amount's text itself gets wrong (said on the field at once).
  const form = useForm<SendFormValues>({
    defaultValues: initialValues(initial),
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const [recipient, amountText, note] = useWatch({
    control: form.control,
    name: ["recipient", "amount", "note"],
  });
  const lookUp = useRecipientLookUp(recipient, summary.canSend);
  const feeSats = sendFeeSats(summary, recipient, lookUp.data);
  const amount = useSendAmount(form, summary, feeSats);
  const sendAmount = { reading: amount.reading, feeSats };
  const recipientStatus = recipientStatusText(lookUp);

  /** A payment request pasted or scanned: its address and its amount (in satoshis, exactly) go in. */
  function fillRequest(request: PaymentRequest) {
    form.setValue("recipient", request.address, { shouldDirty: true });
    if (request.amountSats !== null) amount.fill(request.amountSats);
  }

  function reject(field: SendField, title: string, text: string) {
    form.setError(field, { type: "validate", message: text }, { shouldFocus: true });
    problemToast.show(field, title, text);
  }

  // Once a marked field passes the form's own checks, its mark and its toast go; still wrong in another
  // way, the mark says the new problem (and the toast of the old one goes). What the amount may be depends
  // on the recipient (its fee), the unit and Max, so the amount is checked again when they change.
  const inputs: Record<SendField, string> = {
    recipient,
    amount: [amountText, amount.unit, amount.pinKey, feeSats, recipient].join("|"),
    note,
  };
  const previous = useRef(inputs);
  useEffect(() => {
    for (const field of FIELDS) {
      if (inputs[field] === previous.current[field]) continue;
      const mark = form.getFieldState(field).error?.message;
      const found = fieldProblem(form.getValues(), summary, sendAmount, field);
      if (found?.text === mark || (found && mark === undefined)) continue;
      if (found) form.setError(field, { type: "validate", message: found.text });
      else if (mark !== undefined) form.clearErrors(field);
      problemToast.dismiss(field);
    }
    previous.current = inputs;
  });

  const onSubmit = form.handleSubmit((values) => {
    // A payment request still in the field is one that could not be read (the field reads the others).
    const request = isPaymentRequestText(values.recipient) ? parsePaymentRequest(values.recipient) : null;
    if (request !== null && !request.ok) return reject("recipient", "Invalid recipient", request.error);
    const checked = validateSend(values, summary, sendAmount);
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
            price: summary.price,
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
        <SendRecipientField
          registration={form.register("recipient")}
          value={recipient}
          error={errors.recipient?.message}
          hint={recipientStatus}
          onText={(text) => form.setValue("recipient", text, { shouldDirty: true })}
          onPaymentRequest={fillRequest}
        />
        {ownWallet && (
          <OwnWalletButton
            wallet={ownWallet}
            onPick={() => form.setValue("recipient", ownWallet.address, { shouldDirty: true })}
          />
        )}
        <SendAmountField
          control={form.control}
          amount={amount}
          availableSats={BigInt(summary.spendableSats)}
          sendableSats={sendableSats(summary, feeSats)}
          feeSats={feeSats}
          leftTodaySats={leftTodaySats(summary)}
          price={summary.price}
          error={errors.amount?.message}
        />
        {lookUp.data && (
          <SendCost
            recipient={lookUp.data}
            amountSats={amount.reading.kind === "amount" ? amount.reading.sats : null}
            price={summary.price}
          />
        )}
        <FormField label="Note (optional)" error={errors.note?.message}>
          {(control) => (
            <Input {...control} maxLength={NOTE_MAX_LENGTH} autoComplete="off" {...form.register("note")} />
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

/** The form's first values: empty, or what a payment link filled in (its amount in BTC, exact). */
function initialValues(initial: SendLinkValues | undefined): SendFormValues {
  const separator = localeDecimalSeparator();
  return {
    recipient: initial?.recipient ?? "",
    amount:
      initial?.amountSats === undefined
        ? ""
        : amountInputText(initial.amountSats, "BTC", { decimalSeparator: separator, usdCentsPerBtc: 0n }),
    note: initial?.note ?? "",
  };
}
