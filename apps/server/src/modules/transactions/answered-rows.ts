import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { walletTransactions } from "../../db/schema/index.js";
import type { WalletTransactionRow } from "./queries.js";

// History rows answered by a database function that writes them itself (wallet_send(): a send in one
// statement), read as the code reads a row.

/** Every column of a row but search_text (the database's own), as queries.ts selects them. */
const { searchText: _searchText, ...rowColumns } = getTableColumns(walletTransactions);

/**
 * The history rows a database function answers (`source`: a call of one that returns wallet_transactions
 * rows, e.g. wallet_send()), in the statement that calls it, each column read as drizzle reads it.
 */
export async function rowsAnsweredBy(db: Db, source: SQL): Promise<WalletTransactionRow[]> {
  const result = await db.execute<Record<string, unknown>>(sql`select * from ${source}`);
  const columns = Object.entries(rowColumns);
  return result.rows.map(
    (raw) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = raw[column.name];
          return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
        }),
      ) as WalletTransactionRow,
  );
}
