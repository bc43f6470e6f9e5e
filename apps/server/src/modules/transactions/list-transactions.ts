import type { HistoryFilter, TransactionPage } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { containsPattern, decodeCursor, encodeCursor, typeForFilter } from "../../domain/history.js";
import type { TransactionsContext } from "./context.js";
import { listWalletTransactions } from "./queries.js";
import { toTransactions } from "./transaction-view.js";

export const invalidCursorText = "This page of the history is no longer available. Reload the history.";

export type ListTransactionsInput = {
  ctx: TransactionsContext;
  userId: string;
  filter: HistoryFilter;
  q?: string | undefined;
  cursor?: string | undefined;
  limit: number;
};

/** One page of the customer's own history, newest first; `nextCursor` asks for the page after it. */
export async function listTransactions(input: ListTransactionsInput): Promise<TransactionPage> {
  const after = input.cursor === undefined ? null : decodeCursor(input.cursor);
  if (after === null && input.cursor !== undefined) {
    throw new AppError("VALIDATION_ERROR", invalidCursorText, { cursor: invalidCursorText });
  }
  const search = input.q?.trim() ?? "";
  // One more row than asked says whether there is a next page.
  const rows = await listWalletTransactions(input.ctx.db, {
    userId: input.userId,
    type: typeForFilter(input.filter),
    pattern: search === "" ? null : containsPattern(search),
    after,
    limit: input.limit + 1,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: await toTransactions(
      input.ctx.db,
      input.ctx.chainHeight,
      page.map(({ row }) => row),
    ),
    nextCursor: rows.length > input.limit && last !== undefined ? encodeCursor(last.position) : null,
  };
}
