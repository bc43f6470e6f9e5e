import type { AdminTransactionPage } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { decodeCursor, encodeCursor } from "../../domain/history.js";
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
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (after === null && query.cursor !== undefined) {
    throw new AppError("VALIDATION_ERROR", invalidCursorText, { cursor: invalidCursorText });
  }
  const rows = await listAllWalletTransactions(ctx.db, {
    ...transactionQueryOf(query),
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toAdminTransaction),
    nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last.position) : null,
  };
}
