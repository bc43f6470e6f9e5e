import { type Transaction, type WithdrawalProgress, withdrawalStateLabels } from "@satsbank/shared";
import { dateTimeText } from "@/lib/date-text";

/** "Held until Apr 18, 2025 14:05", "Waiting for approval", "Broadcast"... */
export function withdrawalStateText(progress: Pick<WithdrawalProgress, "state" | "heldUntil">): string {
  if (progress.state === "held" && progress.heldUntil !== null) {
    return `Held until ${dateTimeText(progress.heldUntil)}`;
  }
  return withdrawalStateLabels[progress.state];
}

/**
 * What a history row adds to its status word: where its withdrawal stands, unless the status already says
 * it (a confirmed withdrawal is "Completed", a failed one "Failed"). Null for any other transaction.
 */
export function rowWithdrawalText(transaction: Pick<Transaction, "withdrawal">): string | null {
  const { withdrawal } = transaction;
  if (withdrawal === null || withdrawal.state === "confirmed" || withdrawal.state === "failed") return null;
  return withdrawalStateText(withdrawal);
}

/** The customer may cancel a withdrawal until staff approve it or its hold ends and a payout takes it. */
export function isCancellable(transaction: Pick<Transaction, "withdrawal">): boolean {
  const state = transaction.withdrawal?.state;
  return state === "held" || state === "awaiting_approval";
}
