import type { AdminTransactionPage } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { cursorAt, keysetPage, positionAfter } from "../../domain/history.js";
import { invalidCursorText, listAllWalletTransactions } from "../transactions/index.js";
import { type AdminTransactionFilterValues, transactionQueryOf } from "./transaction-search.js";
import { toAdminTransaction } from "./views.js";

/** Transaction History: every customer's transactions, filtered and searched, newest first, keyset pages. */
export async function listAdminTransactions({
  ctx,
  query,
}: {
  ctx: { db: Db };
  query: AdminTransactionFilterValues & { cursor?: string | undefined; limit: number };
}): Promise<AdminTransactionPage> {
  const after = positionAfter(query.cursor, invalidCursorText);
  const rows = await listAllWalletTransactions(ctx.db, {
    ...transactionQueryOf(query),
    after,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, cursorAt);
  return { items: page.map(toAdminTransaction), nextCursor };
}
