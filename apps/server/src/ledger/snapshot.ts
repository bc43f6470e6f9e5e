import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { findCustomerAccounts } from "./queries.js";

// The ledger as the proof of reserves reads it: every customer balance at one position (modules/proof),
// and one customer's balance right after one posting (their receipt: modules/transactions).
// Reads only; besides queries.ts, the one file that touches ledger_accounts and ledger_transfers.

export type CustomerBalances = {
  /** Every customer account, zero balances included (not the bank's own accounts), by account id. */
  accounts: Array<{ accountId: number; balance: bigint }>;
  /** The highest transfer id the snapshot sees (0 before the first transfer). */
  lastTransferId: number;
};

/**
 * Makes the ledger's position mean "every transfer up to it, and none after": the first statement of a
 * repeatable-read db transaction, before any read (PostgreSQL takes the snapshot at the first query, after
 * the lock). Transfer ids come from a sequence when a posting inserts them, and postings commit in their own
 * order: without it, a posting in flight with a lower id than one already committed would be missing from
 * the snapshot while its id is below the position (a receipt for it would then disagree with the epoch).
 * SHARE mode waits for every transaction that has inserted a transfer to end, and holds new inserts (their
 * ids not yet drawn) until this transaction ends; readers are not held.
 */
export async function freezeLedger(db: Db): Promise<void> {
  await db.execute(sql`lock table ledger_transfers in share mode`);
}

/**
 * Every customer account's balance and the ledger's position. Call it in one repeatable-read db
 * transaction, after freezeLedger: the balances and the position are then of the same snapshot, which an
 * epoch freezes, and no transfer below the position is missing from it.
 */
export async function readCustomerBalances(db: Db): Promise<CustomerBalances> {
  const last = await db.execute<{ id: string }>(
    sql`select coalesce(max(id), 0)::text as id from ledger_transfers`,
  );
  const rows = await db.execute<{ id: string; balance: string }>(sql`
    select id::text as id, balance::text as balance from ledger_accounts
     where kind = 'customer' order by ledger_accounts.id -- the number: "id" alone is the text column
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

/** A customer's account right after one posting: what their receipt states (docs/proof-of-reserves.md). */
export type PostingBalance = {
  accountId: number;
  /** The posting's last transfer id (a withdrawal's amount and fee are two transfers of one posting). */
  ledgerPosition: number;
  /** When the ledger posted it, in whole seconds since 1970-01-01 UTC. */
  postedAt: number;
  /** Credits minus debits of the account's transfers up to and including `ledgerPosition`. */
  balanceAfter: bigint;
};

/**
 * The customer's balance right after the posting that holds `transferId`, summed by the database from the
 * account's own entries (never the running balance, which has moved on since). Undefined when the posting
 * does not touch the customer's account. One round trip; the transfers never change, so no snapshot.
 */
export async function balanceAfterPosting(
  db: Db,
  { userId, transferId }: { userId: string; transferId: number },
): Promise<PostingBalance | undefined> {
  const result = await db.execute<{ account: string; position: string; posted: string; balance: string }>(sql`
    with account as (
      select id from ledger_accounts where user_id = ${userId} and kind = 'customer'
    ), posting as (
      select max(legs.id) as position, floor(extract(epoch from min(legs.created_at)))::bigint as posted
        from ledger_transfers first
        join ledger_transfers legs on legs.idempotency_key = first.idempotency_key
       where first.id = ${transferId}
      having bool_or(legs.debit_account_id = (select id from account)
                     or legs.credit_account_id = (select id from account))
    )
    select (select id from account)::text as account, position::text as position, posted::text as posted,
           ((select coalesce(sum(amount), 0) from ledger_transfers
              where credit_account_id = (select id from account) and id <= posting.position)
            - (select coalesce(sum(amount), 0) from ledger_transfers
              where debit_account_id = (select id from account) and id <= posting.position))::text as balance
      from posting
  `);
  const row = result.rows[0];
  if (row === undefined) return undefined;
  return {
    accountId: Number(row.account),
    ledgerPosition: Number(row.position),
    postedAt: Number(row.posted),
    balanceAfter: BigInt(row.balance),
  };
}
