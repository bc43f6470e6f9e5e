import type { Transaction } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { TransactionsContext } from "./context.js";
import { findWalletTransaction } from "./queries.js";
import { toTransactionWithConfirmations } from "./transaction-view.js";

export const transactionNotFoundText = "Transaction not found";

/**
 * One of the customer's own transactions. Anyone else's is "not found", exactly like one that does not
 * exist: the answer never tells that an id belongs to another customer.
 */
export async function getTransaction({
  ctx,
  userId,
  transactionId,
}: {
  ctx: TransactionsContext;
  userId: string;
  transactionId: string;
}): Promise<Transaction> {
  // A UUID is the same id in capitals: its canonical form is lower case.
  const canonical = transactionId.toLowerCase();
  const row = isUuid(canonical)
    ? await findWalletTransaction(ctx.db, { userId, transactionId: canonical })
    : undefined;
  if (row === undefined) throw new AppError("NOT_FOUND", transactionNotFoundText);
  return toTransactionWithConfirmations(ctx.db, ctx.chainHeight, row);
}
