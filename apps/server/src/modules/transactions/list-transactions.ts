import type { HistoryFilter, TransactionPage } from "@satsbank/shared";
import { cursorAt, keysetPage, positionAfter, typeForFilter, wordPatterns } from "../../domain/history.js";
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
  const after = positionAfter(input.cursor, invalidCursorText);
  // One more row than asked says whether there is a next page.
  const rows = await listWalletTransactions(input.ctx.db, {
    userId: input.userId,
    type: typeForFilter(input.filter),
    words: wordPatterns(input.q ?? ""),
    after,
    limit: input.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, input.limit, cursorAt);
  return {
    items: await toTransactions(
      input.ctx.db,
      input.ctx.chainHeight,
      page.map(({ row }) => row),
    ),
    nextCursor,
  };
}
