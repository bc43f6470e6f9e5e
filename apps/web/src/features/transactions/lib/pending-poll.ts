import type { Transaction } from "@satsbank/shared";

/**
 * While a list or a transaction on screen is pending, it is asked for again this often: confirmations
 * come with blocks and tell no notification until the transaction counts (credited, completed), so its
 * "1 of 3 confirmations" moves on by itself.
 */
export const PENDING_POLL_MS = 30_000;

/** The interval for a query showing `transactions`: PENDING_POLL_MS while any is pending, else none. */
export function pendingPoll(
  transactions: readonly Pick<Transaction, "status">[] | undefined,
): number | false {
  return transactions?.some((t) => t.status === "pending") ? PENDING_POLL_MS : false;
}
