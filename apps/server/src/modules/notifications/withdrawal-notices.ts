import { formatBtc } from "@satsbank/shared";
import type { Notice } from "./notify.js";

// What the withdrawal policy tells the customer (issue 19): a hold, a review, a cancellation, a rejection;
// and the end of a withdrawal's way out (issue 21): its payout confirmed. Callers add who and when, in the
// event's db transaction, as with `notices`.

type Told = Omit<Notice, "userId" | "at">;

const btc = (sats: bigint) => `${formatBtc(sats)} BTC`;

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 28, 2026 14:05 UTC": a notification and its email are read anywhere, so the zone is named. */
export function utcText(at: Date): string {
  const hh = String(at.getUTCHours()).padStart(2, "0");
  const mm = String(at.getUTCMinutes()).padStart(2, "0");
  return `${MONTHS[at.getUTCMonth()]} ${at.getUTCDate()}, ${at.getUTCFullYear()} ${hh}:${mm} UTC`;
}

type Withdrawal = { amount: bigint; address: string };

export const withdrawalNotices = {
  held: ({ amount, address, until }: Withdrawal & { until: Date }): Told => ({
    kind: "withdrawal_held",
    status: "pending",
    title: "Withdrawal held",
    message: `Your first withdrawal of ${btc(amount)} to ${address} is held until ${utcText(until)}, then sent. If you did not make it, cancel it in your history and change your password.`,
  }),
  inReview: ({ amount, address, approvals }: Withdrawal & { approvals: number }): Told => ({
    kind: "withdrawal_review",
    status: "pending",
    title: "Withdrawal waiting for approval",
    message: `Your withdrawal of ${btc(amount)} to ${address} is waiting for ${approvals === 2 ? "two approvals" : "approval"} by our staff before it is sent.`,
  }),
  cancelled: ({ amount, fee, address }: Withdrawal & { fee: bigint }): Told => ({
    kind: "withdrawal_cancelled",
    status: "info",
    title: "Withdrawal cancelled",
    message: `You cancelled your withdrawal of ${btc(amount)} to ${address}. The amount and its network fee (${btc(amount + fee)} in all) are back in your balance.`,
  }),
  confirmed: ({
    amount,
    fee,
    address,
    confirmations,
  }: Withdrawal & { fee: bigint; confirmations: number }): Told => ({
    kind: "withdrawal_confirmed",
    status: "success",
    title: "Withdrawal confirmed",
    message: `Your withdrawal of ${btc(amount)} to ${address} (network fee ${btc(fee)}) has ${confirmations} ${confirmations === 1 ? "confirmation" : "confirmations"} on the Bitcoin network: it is complete.`,
  }),
  rejected: ({ amount, fee, address, reason }: Withdrawal & { fee: bigint; reason: string }): Told => ({
    kind: "withdrawal_rejected",
    status: "warning",
    title: "Withdrawal rejected",
    message: `Your withdrawal of ${btc(amount)} to ${address} was rejected by our staff, who gave this reason: "${reason}". The amount and its network fee (${btc(amount + fee)} in all) are back in your balance.`,
  }),
};
