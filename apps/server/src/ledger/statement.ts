import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import type { LedgerTransferKind } from "../db/schema/index.js";

// A customer's account between two instants, as their monthly statement reads it (modules/statements).
// Reads only; with queries.ts and snapshot.ts, the files that touch ledger_accounts and ledger_transfers.

/** One transfer of the customer's account: credited positive, debited negative. */
export type AccountPosting = {
  transferId: number;
  kind: LedgerTransferKind;
  /** The transfer's place in its posting (a withdrawal's fee and a reversal's fee are leg 1). */
  leg: number;
  change: bigint;
  reference: string | null;
  at: Date;
  /**
   * For a deposit's hold or release (kept by its deposit's reference): the transfer that credited the
   * deposit to this account, which the customer's history row names.
   */
  depositTransferId: number | null;
};

export type AccountPeriod = {
  /** Credits minus debits of the account's transfers made before `from`. */
  opening: bigint;
  /** Its transfers made in [from, to), oldest first (by time, then the ledger's id order). */
  postings: AccountPosting[];
};

/**
 * One round trip, through the account's two indexes ((debit_account_id, id) and (credit_account_id, id)):
 * every transfer of the account made before `to`, summed up to `from`, listed from it. A customer with no
 * account yet has an opening of 0 and no postings.
 */
export async function readAccountPeriod(
  db: Db,
  { userId, from, to }: { userId: string; from: Date; to: Date },
): Promise<AccountPeriod> {
  const result = await db.execute<{
    id: string | null;
    kind: LedgerTransferKind | null;
    leg: number | null;
    change: string;
    reference: string | null;
    at_ms: string | null;
    deposit_transfer_id: string | null;
  }>(sql`
    with account as (
      select id from ledger_accounts where user_id = ${userId} and kind = 'customer'
    ), legs as (
      select t.id, t.kind, t.leg, t.amount as change, t.reference, t.created_at
        from ledger_transfers t join account a on t.credit_account_id = a.id
       where t.created_at < ${to.toISOString()}::timestamptz
      union all
      select t.id, t.kind, t.leg, -t.amount, t.reference, t.created_at
        from ledger_transfers t join account a on t.debit_account_id = a.id
       where t.created_at < ${to.toISOString()}::timestamptz
    )
    select null::text as id, null::text as kind, null::smallint as leg,
           coalesce(sum(change), 0)::text as change, null::text as reference, null::text as at_ms,
           null::text as deposit_transfer_id, 0 as part, null::timestamptz as moment, 0::bigint as position
      from legs where created_at < ${from.toISOString()}::timestamptz
    union all
    select id::text, kind, leg, change::text, reference,
           floor(extract(epoch from created_at) * 1000)::bigint::text,
           case when kind in ('deposit_hold', 'deposit_release') then (
             select min(d.id)::text from ledger_transfers d
              where d.credit_account_id = (select id from account)
                and d.kind = 'deposit' and d.reference = legs.reference
           ) end,
           1, created_at, id
      from legs where created_at >= ${from.toISOString()}::timestamptz
     order by part, moment, position
  `);
  const [openingRow, ...rows] = result.rows;
  return {
    opening: BigInt(openingRow?.change ?? "0"),
    postings: rows.map((row) => ({
      transferId: Number(row.id),
      kind: row.kind as LedgerTransferKind,
      leg: Number(row.leg),
      change: BigInt(row.change),
      reference: row.reference,
      at: new Date(Number(row.at_ms)),
      depositTransferId: row.deposit_transfer_id === null ? null : Number(row.deposit_transfer_id),
    })),
  };
}
