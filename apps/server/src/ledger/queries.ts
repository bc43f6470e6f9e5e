import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { preparedPer } from "../db/prepared.js";
import { type LedgerAccountKind, type LedgerTransferKind, ledgerAccounts } from "../db/schema/index.js";

// The ledger's SQL. Only this file and snapshot.ts (the proof of reserves' reads) touch ledger_accounts and
// ledger_transfers, and balances and transfers are written only by the ledger_post() and
// ledger_post_batch() functions (drizzle/0004, 0005 and 0017).

/** The transfers of a call, column by column (the i-th of each array is the i-th transfer), and its time. */
export type TransferColumns = {
  debits: number[];
  credits: number[];
  amounts: bigint[];
  kinds: LedgerTransferKind[];
  references: Array<string | null>;
  at: Date;
};

/** The placeholders' values of TransferColumns: bigints as decimal text, the time as ISO text. */
function transferParameters(args: TransferColumns) {
  return {
    debits: args.debits.map(String),
    credits: args.credits.map(String),
    amounts: args.amounts.map(String),
    kinds: args.kinds,
    references: args.references,
    at: args.at.toISOString(),
  };
}

const p = (name: string) => sql.placeholder(name);

export type PostingRow = { transferIds: number[]; replayed: boolean };

export type PostingArgs = TransferColumns & { idempotencyKey: string };

function preparePosting(db: Db) {
  return db
    .select({ transferIds: sql<string[]>`transfer_ids::text[]`, replayed: sql<boolean>`replayed` })
    .from(
      sql`ledger_post(${p("key")}, ${p("debits")}::bigint[], ${p("credits")}::bigint[], ${p("amounts")}::bigint[],
        ${p("kinds")}::text[], ${p("references")}::text[], ${p("at")}::timestamptz)`,
    )
    .prepare("ledger_post");
}

const postingStatement = preparedPer(preparePosting);

/** One round trip: ledger_post() checks, locks, updates and inserts (see the migrations). */
export async function callLedgerPost(db: Db, args: PostingArgs): Promise<PostingRow> {
  const [row] = await postingStatement(db).execute({ key: args.idempotencyKey, ...transferParameters(args) });
  if (row === undefined) throw new Error("ledger_post returned no row");
  return { transferIds: row.transferIds.map(Number), replayed: row.replayed };
}

export type BatchArgs = TransferColumns & { keys: string[] };

export type BatchRow = { transferIds: number[]; replayed: boolean[] };

function prepareBatch(db: Db) {
  return db
    .select({ transferIds: sql<string[]>`transfer_ids::text[]`, replayed: sql<boolean[]>`replayed` })
    .from(
      sql`ledger_post_batch(${p("keys")}::text[], ${p("debits")}::bigint[], ${p("credits")}::bigint[],
        ${p("amounts")}::bigint[], ${p("kinds")}::text[], ${p("references")}::text[], ${p("at")}::timestamptz)`,
    )
    .prepare("ledger_post_batch");
}

const batchStatement = preparedPer(prepareBatch);

/** One round trip for many postings: ledger_post_batch() (drizzle/0017_ledger_post_batch.sql). */
export async function callLedgerPostBatch(db: Db, args: BatchArgs): Promise<BatchRow> {
  const [row] = await batchStatement(db).execute({ keys: args.keys, ...transferParameters(args) });
  if (row === undefined) throw new Error("ledger_post_batch returned no row");
  return { transferIds: row.transferIds.map(Number), replayed: row.replayed };
}

/** The customers' account ids, for those who have one. */
export async function findCustomerAccounts(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.userId, [...userIds]));
  const accounts = new Map<string, number>();
  for (const row of rows) if (row.userId !== null) accounts.set(row.userId, row.id);
  return accounts;
}

/** Opens accounts for these customers; an account that exists already (or is being opened) is kept. */
export async function insertCustomerAccounts(db: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(ledgerAccounts)
    .values(userIds.map((userId) => ({ kind: "customer" as const, userId })))
    .onConflictDoNothing({ target: ledgerAccounts.userId });
}

/** Opens a ledger account for every customer who has none yet (one statement; none again if raced). */
export async function insertMissingCustomerAccounts(db: Db): Promise<void> {
  await db.execute(sql`
    insert into ledger_accounts (kind, user_id)
    select 'customer', u.id from users u
     where u.role = 'customer'
       and not exists (select 1 from ledger_accounts a where a.user_id = u.id)
    on conflict (user_id) do nothing
  `);
}

export async function findBankAccountId(
  db: Db,
  kind: Exclude<LedgerAccountKind, "customer">,
): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
  if (row === undefined)
    throw new Error(`The bank's ${kind} account is missing: are the migrations applied?`);
  return row.id;
}

/** One of the bank's accounts' balance (credits minus debits: an asset such as the hot wallet is negative). */
export async function findBankBalance(db: Db, kind: Exclude<LedgerAccountKind, "customer">): Promise<bigint> {
  const result = await db.execute<{ balance: string }>(
    sql`select balance::text as balance from ${ledgerAccounts} where kind = ${kind} and user_id is null`,
  );
  return BigInt(result.rows[0]?.balance ?? "0");
}

/** The customer's balance: 0 until their account is opened by a first transfer. */
export async function findCustomerBalance(db: Db, userId: string): Promise<bigint> {
  const result = await db.execute<{ balance: string }>(
    sql`select balance::text as balance from ${ledgerAccounts} where user_id = ${userId}`,
  );
  return BigInt(result.rows[0]?.balance ?? "0");
}

/**
 * Locks these accounts' rows in id order (the order ledger_post() locks in, so no deadlock with it) to the
 * end of the db transaction, and answers each one's balance: a posting that depends on a balance reads it
 * here, under the lock it posts under.
 */
export async function lockAccountBalances(
  db: Db,
  accountIds: readonly number[],
): Promise<Map<number, bigint>> {
  if (accountIds.length === 0) return new Map();
  const result = await db.execute<{ id: string; balance: string }>(sql`
    select id::text as id, balance::text as balance from ${ledgerAccounts}
     where id = any(${sql.param(accountIds.map(String))}::bigint[])
     order by id
       for update`);
  return new Map(result.rows.map((row) => [Number(row.id), BigInt(row.balance)]));
}

/** How many transfers of `kind` with this reference credited the account (through its credit index). */
export async function countTransfersTo(
  db: Db,
  { account, kind, reference }: { account: number; kind: LedgerTransferKind; reference: string },
): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from ledger_transfers
     where credit_account_id = ${account} and kind = ${kind} and reference = ${reference}`);
  return Number(result.rows[0]?.n ?? 0);
}

export type InvariantFigures = {
  totalSats: bigint;
  negativeCustomerAccounts: number;
  mismatchedAccounts: number;
  /** The bitcoin the hot wallet's ledger account says the bank holds (the size of its balance). */
  reservesSats: bigint;
  /** What the bank owes: every customer balance, and the withdrawals confirmed but not yet paid out. */
  liabilitiesSats: bigint;
};

/**
 * The books in one statement (one snapshot): the sum of every balance, the customer accounts below zero,
 * the accounts whose balance differs from their transfers' credits minus debits (a transfer naming an
 * account that does not exist counts as a mismatch too), and the reserves against the liabilities.
 */
export async function invariantFigures(db: Db): Promise<InvariantFigures> {
  const result = await db.execute<{
    total: string;
    reserves: string;
    liabilities: string;
    negative: string;
    mismatched: string;
  }>(sql`
    with movements as (
      select account_id, sum(change) as total from (
        select debit_account_id as account_id, -amount as change from ledger_transfers
        union all
        select credit_account_id, amount from ledger_transfers
      ) as legs
      group by account_id
    )
    select
      (select coalesce(sum(balance), 0)::text from ledger_accounts) as total,
      (select coalesce(-sum(balance), 0)::text from ledger_accounts
        where kind in ('hot_wallet', 'cold_vault')) as reserves,
      (select coalesce(sum(balance), 0)::text from ledger_accounts
        where kind in ('customer', 'withdrawal_clearing', 'deposit_suspense')) as liabilities,
      (select count(*)::text from ledger_accounts where kind = 'customer' and balance < 0) as negative,
      (select count(*)::text
         from ledger_accounts a full join movements m on m.account_id = a.id
        where a.id is null or a.balance <> coalesce(m.total, 0)) as mismatched
  `);
  const row = result.rows[0];
  return {
    totalSats: BigInt(row?.total ?? "0"),
    negativeCustomerAccounts: Number(row?.negative ?? 0),
    mismatchedAccounts: Number(row?.mismatched ?? 0),
    reservesSats: BigInt(row?.reserves ?? "0"),
    liabilitiesSats: BigInt(row?.liabilities ?? "0"),
  };
}

export type LedgerPosition = {
  /** Every balance summed: zero in double-entry books. */
  totalSats: bigint;
  negativeCustomerAccounts: number;
  /** Customer balances, withdrawal clearing and deposit suspense: what the bank owes. */
  liabilitiesSats: bigint;
  /** The hot wallet's and the cold vault's bitcoin as the ledger counts it (the size of each balance). */
  hotWalletSats: bigint;
  coldVaultSats: bigint;
};

/**
 * The bank's position from the accounts' balances alone, in one pass over ledger_accounts (not over the
 * transfers): what the solvency watchdog reads at every pass.
 */
export async function ledgerPosition(db: Db): Promise<LedgerPosition> {
  const result = await db.execute<{
    total: string;
    negative: string;
    liabilities: string;
    hot: string;
    vault: string;
  }>(sql`
    select coalesce(sum(balance), 0)::text as total,
           count(*) filter (where kind = 'customer' and balance < 0)::text as negative,
           coalesce(sum(balance) filter (
             where kind in ('customer', 'withdrawal_clearing', 'deposit_suspense')), 0)::text as liabilities,
           coalesce(-sum(balance) filter (where kind = 'hot_wallet'), 0)::text as hot,
           coalesce(-sum(balance) filter (where kind = 'cold_vault'), 0)::text as vault
      from ledger_accounts
  `);
  const row = result.rows[0];
  return {
    totalSats: BigInt(row?.total ?? "0"),
    negativeCustomerAccounts: Number(row?.negative ?? 0),
    liabilitiesSats: BigInt(row?.liabilities ?? "0"),
    hotWalletSats: BigInt(row?.hot ?? "0"),
    coldVaultSats: BigInt(row?.vault ?? "0"),
  };
}

export type TransferKindFigures = { kind: LedgerTransferKind; transfers: number; sats: bigint };

/**
 * Postings (their first legs) and transfers by kind, ever: what the metrics report. One pass over
 * ledger_transfers, which only grows (a trigger refuses UPDATE and DELETE), so these only go up.
 */
export async function transferFigures(db: Db): Promise<{ postings: number; kinds: TransferKindFigures[] }> {
  const result = await db.execute<{
    kind: LedgerTransferKind;
    transfers: string;
    sats: string;
    postings: string;
  }>(sql`
    select kind, count(*)::text as transfers, sum(amount)::text as sats,
           count(*) filter (where leg = 0)::text as postings
      from ledger_transfers
     group by kind
     order by kind
  `);
  return {
    postings: result.rows.reduce((sum, row) => sum + Number(row.postings), 0),
    kinds: result.rows.map((row) => ({
      kind: row.kind,
      transfers: Number(row.transfers),
      sats: BigInt(row.sats),
    })),
  };
}

/** Every ledger account's balance summed by kind (customers together): the bank's position. */
export async function balancesByKind(db: Db): Promise<Array<{ kind: LedgerAccountKind; sats: bigint }>> {
  const result = await db.execute<{ kind: LedgerAccountKind; sats: string }>(sql`
    select kind, sum(balance)::text as sats from ledger_accounts group by kind order by kind
  `);
  return result.rows.map((row) => ({ kind: row.kind, sats: BigInt(row.sats) }));
}
