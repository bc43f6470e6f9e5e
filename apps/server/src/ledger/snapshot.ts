import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { findCustomerAccounts } from "./queries.js";

// The ledger as the proof of reserves (modules/proof) reads it: every customer balance at one position.
// Reads only; besides queries.ts, the one file that touches ledger_accounts and ledger_transfers.

export type CustomerBalances = {
  /** Every customer account, zero balances included (not the bank's own accounts), by account id. */
  accounts: Array<{ accountId: number; balance: bigint }>;
  /** The highest transfer id the snapshot sees (0 before the first transfer). */
  lastTransferId: number;
};

/**
 * Every customer account's balance and the ledger's position. Call it in one repeatable-read db
 * transaction: the balances and the position are then of the same snapshot, which an epoch freezes.
 */
export async function readCustomerBalances(db: Db): Promise<CustomerBalances> {
  const last = await db.execute<{ id: string }>(
    sql`select coalesce(max(id), 0)::text as id from ledger_transfers`,
  );
  const rows = await db.execute<{ id: string; balance: string }>(sql`
    select id::text as id, balance::text as balance from ledger_accounts where kind = 'customer' order by id
  `);
  return {
    accounts: rows.rows.map((row) => ({ accountId: Number(row.id), balance: BigInt(row.balance) })),
    lastTransferId: Number(last.rows[0]?.id ?? 0),
  };
}

/** The customer's ledger account id, without opening one (undefined when they have none yet). */
export async function findCustomerAccountId(db: Db, userId: string): Promise<number | undefined> {
  return (await findCustomerAccounts(db, [userId])).get(userId);
}
