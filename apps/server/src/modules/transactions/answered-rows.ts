import { getTableColumns, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { walletTransactions } from "../../db/schema/index.js";
import type { WalletTransactionRow } from "./queries.js";

// History rows answered by a database function that writes them itself (wallet_send(): a send in one
// statement), read as the code reads a row.

/** Every column of a row but search_text (the database's own), as queries.ts selects them. */
const { searchText: _searchText, ...rowColumns } = getTableColumns(walletTransactions);

/**
 * The history rows a database function answers (`source`: a query whose columns are a wallet_transactions
 * row's, e.g. `select (a.sent).*, a.announcements from wallet_send(...) a`), each column read as drizzle
 * reads it, with the whole answer as the driver gave it (`answer`: the function's other columns).
 */
export async function rowsAnsweredBy(
  db: Db,
  source: SQL,
): Promise<{ row: WalletTransactionRow; answer: Record<string, unknown> }[]> {
  const result = await db.execute<Record<string, unknown>>(source);
  const columns = Object.entries(rowColumns);
  return result.rows.map((answer) => ({
    row: Object.fromEntries(
      columns.map(([key, column]) => {
        const value = answer[column.name];
        return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
      }),
    ) as WalletTransactionRow,
    answer,
  }));
}
