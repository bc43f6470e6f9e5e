import type { Price, SendRecipient } from "@satsbank/shared";
import { isApiError } from "@/lib/api-client";
import { btcText, usdText } from "@/lib/money-text";
import { sendErrorToast } from "../lib/send-error";

/** The recipient look-up as the form holds it (see `useRecipientLookUp`). */
export interface RecipientLookUp {
  data: SendRecipient | undefined;
  error: unknown;
  pending: boolean;
}

/**
 * What to say under the recipient once the customer pauses: whom it reaches and whether a network fee
 * applies, or why the server refuses it (a refusal Continue would meet). "" for text that is no recipient
 * yet, or a look-up that could not be made.
 */
export function recipientStatusText({ data, error, pending }: RecipientLookUp): string {
  if (data?.kind === "transfer" && data.payee) {
    return `${data.payee.name} (${data.payee.username}): inside the bank, no network fee`;
  }
  if (data?.kind === "withdrawal") {
    return `An address outside the bank: a ${btcText(BigInt(data.feeSats))} network fee applies`;
  }
  if (pending) return "Looking up the recipient...";
  if (isApiError(error) && error.fields.recipient !== undefined) {
    return sendErrorToast(error, "Invalid recipient").text;
  }
  return "";
}

/**
 * The send's network fee and its total (amount plus fee, what leaves the balance) on the form, as soon as
 * the recipient is known: the same figures the review will show.
 */
export function SendCost({
  recipient,
  amountSats,
  price,
}: {
  recipient: SendRecipient;
  /** The amount as read, or null while the field holds none. */
  amountSats: bigint | null;
  price: Pick<Price, "usdPerBtc">;
}) {
  const fee = BigInt(recipient.feeSats);
  const total = amountSats === null ? null : amountSats + fee;
  return (
    <dl aria-label="Fee and total" className="rounded-xl border bg-muted/40 px-4 py-1 text-sm">
      <div className="flex items-baseline justify-between gap-4 py-2">
        <dt className="text-muted-foreground">Network fee</dt>
        <dd className="text-right tabular-nums">
          {btcText(fee)}
          {fee === 0n && <span className="block text-xs text-muted-foreground">Free inside the bank</span>}
        </dd>
      </div>
      <div className="flex items-baseline justify-between gap-4 border-t py-2">
        <dt className="text-muted-foreground">Total</dt>
        <dd className="text-right font-semibold tabular-nums">
          {total === null ? (
            "Enter an amount"
          ) : (
            <>
              {btcText(total)}
              <span className="block text-xs font-normal text-muted-foreground">{`≈ ${usdText(total, price)}`}</span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
