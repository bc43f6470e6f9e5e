import { type Price, passkeyMessages, type SendQuote, type Transaction } from "@satsbank/shared";
import { type ReactNode, type RefObject, useState } from "react";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { isApiError } from "@/lib/api-client";
import { btcText, satsText, usdText } from "@/lib/money-text";
import { notify } from "@/lib/notify";
import { isPasskeyCancelled, passkeyErrorText } from "@/lib/passkey";
import { useSendBitcoin } from "../api/send-bitcoin";
import { sendErrorToast } from "../lib/send-error";
import { SendReviewTo } from "./send-review-to";
import { WithdrawalWaitNotice } from "./withdrawal-wait-notice";

/** A quoted send waiting for "Confirm & Send". */
export interface SendReview {
  quote: SendQuote;
  /** The recipient as typed (username or address), trimmed: what the quote was asked for. */
  recipient: string;
  note: string | undefined;
  /** Made when the send review opens and kept for every retry from it: the server sends once per key. */
  idempotencyKey: string;
  /** The USD price the form showed: the review says the amount and the total in dollars at it too. */
  price: Pick<Price, "usdPerBtc">;
}

export interface SendReviewDialogProps {
  review: SendReview | null;
  onClose: () => void;
  /** The send is made: its transaction says whether a withdrawal was sent or waits (held, for staff). */
  onSent: (sent: Transaction, review: SendReview) => void;
  /**
   * Where the focus goes back when the review closes (Escape, Close, Cancel, a refusal): the form's
   * Continue. The dialog has no trigger of its own, and Continue was disabled while the quote was asked
   * for, so without it the focus would fall to the page's start.
   */
  returnFocusRef: RefObject<HTMLElement | null>;
}

/**
 * Trying again with the same key is safe; only network trouble and server faults are worth it. A 5xx with
 * a reason is a refusal (withdrawals paused while the bank checks its books): not now, back to the form.
 */
function isWorthRetrying(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.reason === undefined && (error.status === 0 || error.status >= 500);
}

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={strong ? "text-right font-semibold tabular-nums" : "text-right tabular-nums"}>
        {children}
      </dd>
    </div>
  );
}

/** An amount in BTC, with under it its exact satoshis (what the server receives) and its USD value. */
function Figure({ sats, price, exact }: { sats: bigint; price: Pick<Price, "usdPerBtc">; exact?: boolean }) {
  return (
    <>
      <span className="block">{btcText(sats)}</span>
      <span className="block text-xs font-normal text-muted-foreground">
        {exact ? `${satsText(sats)} · ≈ ${usdText(sats, price)}` : `≈ ${usdText(sats, price)}`}
      </span>
    </>
  );
}

/** A withdrawal is not final when it is sent: say so before the customer confirms it. */
const WITHDRAWAL_NOTICE = "Sent on the Bitcoin network: it shows as pending until it is confirmed.";

/** A withdrawal that will wait (held, or for staff) can still be cancelled until it is sent. */
function waits(quote: SendQuote): boolean {
  return (
    quote.withdrawal !== null && (quote.withdrawal.holdHours !== null || quote.withdrawal.approvalsNeeded > 0)
  );
}

/**
 * The send review ("Review Transaction"): payee or outside address, amount (its exact satoshis and USD
 * value under it), network fee, total (with its USD value) and note,
 * what a withdrawal will wait for (a hold, staff's review), then Cancel or "Confirm & Send".
 */
export function SendReviewDialog({ review, onClose, onSent, returnFocusRef }: SendReviewDialogProps) {
  const [approving, setApproving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const send = useSendBitcoin(setApproving);
  const sending = send.isPending;

  function close() {
    setProblem(undefined);
    onClose();
  }

  function confirm() {
    if (!review) return;
    setProblem(undefined);
    send.mutate(
      {
        recipient: review.recipient,
        amountSats: review.quote.amountSats,
        note: review.note,
        idempotencyKey: review.idempotencyKey,
      },
      {
        onSuccess: (sent) => onSent(sent, review),
        onError: (error) => {
          // The browser's passkey dialog closed or failed: nothing was sent, the review stays to try again.
          if (!isApiError(error)) {
            setProblem(
              isPasskeyCancelled(error)
                ? `${passkeyErrorText(error)}. Nothing was sent: confirm again to approve it on your device.`
                : passkeyErrorText(error),
            );
            return;
          }
          const { title, text } = sendErrorToast(error, "Send failed");
          notify.error(title, text);
          // The same details cannot succeed after a refusal: back to the form to change them.
          if (!isWorthRetrying(error)) close();
        },
      },
    );
  }

  return (
    <Dialog
      open={review !== null}
      onOpenChange={(open) => {
        if (!open && !sending) close();
      }}
    >
      {review && (
        <DialogContent
          showCloseButton={!sending}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Review Transaction</DialogTitle>
            <DialogDescription>
              {waits(review.quote)
                ? "Check the details. Until it is sent, you can cancel it from your history."
                : "Check the details. A send cannot be undone."}
            </DialogDescription>
          </DialogHeader>
          <dl className="divide-y">
            <Row label="To">
              <SendReviewTo quote={review.quote} />
            </Row>
            <Row label="Amount">
              <Figure sats={BigInt(review.quote.amountSats)} price={review.price} exact />
            </Row>
            <Row label="Network fee">{btcText(BigInt(review.quote.feeSats))}</Row>
            <Row label="Total" strong>
              <Figure sats={BigInt(review.quote.totalSats)} price={review.price} />
            </Row>
            {review.note && (
              <Row label="Note">
                <span className="break-words">{review.note}</span>
              </Row>
            )}
          </dl>
          <WithdrawalWaitNotice wait={review.quote.withdrawal} />
          {review.quote.kind === "withdrawal" && (
            <p className="text-sm text-muted-foreground">{WITHDRAWAL_NOTICE}</p>
          )}
          <FormAlert>{problem}</FormAlert>
          {/* Said while the browser's passkey dialog is open: the send waits for the customer's device. */}
          <p role="status" className="text-sm font-medium empty:hidden">
            {approving ? passkeyMessages.approvalRequired : ""}
          </p>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={sending}>
              {approving ? "Approve on your device..." : sending ? "Sending..." : "Confirm & Send"}
            </Button>
          </DialogFooter>
        </DialogContent>
      )}
    </Dialog>
  );
}
