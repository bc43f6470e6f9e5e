import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

// The customer's history rows a monthly statement describes its postings with (modules/statements). With
// queries.ts, the one file that reads wallet_transactions.

export type StatementTransactionRow = {
  id: string;
  transferId: number | null;
  counterpartyUsername: string | null;
  address: string | null;
  txid: string | null;
  note: string | null;
  label: string | null;
};

/**
 * The customer's rows naming one of these transfers, or with one of these ids (a withdrawal's fee and its
 * reversal name the withdrawal's row by its id). Ids go in as two arrays, so a month of many postings is
 * one statement with two parameters; the lookups walk the transfer index and the primary key.
 */
export async function findStatementTransactions(
  db: Db,
  { userId, transferIds, ids }: { userId: string; transferIds: readonly number[]; ids: readonly string[] },
): Promise<StatementTransactionRow[]> {
  if (transferIds.length === 0 && ids.length === 0) return [];
  const result = await db.execute<{
    id: string;
    transfer_id: string | null;
    counterparty_username: string | null;
    address: string | null;
    txid: string | null;
    note: string | null;
    label: string | null;
  }>(sql`
    select id::text as id, transfer_id::text as transfer_id, counterparty_username, address, txid, note, label
      from wallet_transactions
     where user_id = ${userId}
       and (transfer_id = any(${sql.param(transferIds.map(String))}::bigint[])
            or id = any(${sql.param([...ids])}::uuid[]))
  `);
  return result.rows.map((row) => ({
    id: row.id,
    transferId: row.transfer_id === null ? null : Number(row.transfer_id),
    counterpartyUsername: row.counterparty_username,
    address: row.address,
    txid: row.txid,
    note: row.note,
    label: row.label,
  }));
}
