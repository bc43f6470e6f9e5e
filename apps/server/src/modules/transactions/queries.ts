import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { walletTransactions } from "../../db/schema/index.js";
import type { HistoryPosition } from "../../domain/history.js";

// The transactions module owns wallet_transactions: only this file touches it. Other modules record rows
// through insertWalletTransactions, inside the db transaction that posts the money.

export type WalletTransactionRow = typeof walletTransactions.$inferSelect;
export type NewWalletTransaction = typeof walletTransactions.$inferInsert;

/** A row and its exact position in the history (created_at to the microsecond, for the cursor). */
export type ListedRow = { row: WalletTransactionRow; position: HistoryPosition };

export async function insertWalletTransactions(db: Db, rows: NewWalletTransaction[]): Promise<void> {
  await db.insert(walletTransactions).values(rows);
}

/** Changes a transaction's status (and names its transfer once the money moved). */
export async function updateWalletTransaction(
  db: Db,
  id: string,
  values: Partial<Pick<WalletTransactionRow, "status" | "transferId">>,
): Promise<void> {
  await db.update(walletTransactions).set(values).where(eq(walletTransactions.id, id));
}

/** The same change to several transactions (the withdrawals of one payout, the deposits of one block). */
export async function updateWalletTransactions(
  db: Db,
  ids: readonly string[],
  values: Partial<Pick<WalletTransactionRow, "status" | "txid" | "blockHeight">>,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(walletTransactions)
    .set(values)
    .where(inArray(walletTransactions.id, [...ids]));
}

export async function findWalletTransaction(
  db: Db,
  { userId, transactionId }: { userId: string; transactionId: string },
): Promise<WalletTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.userId, userId)));
  return row;
}

/** The transaction recording a ledger transfer for a customer (one per customer and transfer). */
export async function findWalletTransactionByTransfer(
  db: Db,
  { userId, transferId }: { userId: string; transferId: number },
): Promise<WalletTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.transferId, transferId), eq(walletTransactions.userId, userId)));
  return row;
}

export type HistoryQuery = {
  userId: string;
  type: "send" | "receive" | null;
  /** An ILIKE pattern for the counterparty's username or the address; null: no search. */
  pattern: string | null;
  after: HistoryPosition | null;
  limit: number;
};

const t = walletTransactions;
const cursorTime = sql<string>`to_char(${t.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of a customer's history, newest first, by keyset: the rows strictly after `after` in
 * (created_at desc, id desc) order. "desc nulls last" is spelled out to match the indexes exactly
 * (user_id, [type,] created_at desc, id desc), so a page is an index range scan that stops after `limit`.
 * The search uses the trigram indexes when the term is rare and the per-customer index otherwise.
 */
export async function listWalletTransactions(db: Db, query: HistoryQuery): Promise<ListedRow[]> {
  const conditions = [eq(t.userId, query.userId)];
  if (query.type !== null) conditions.push(eq(t.type, query.type));
  if (query.pattern !== null) {
    conditions.push(
      sql`(${t.counterpartyUsername} ilike ${query.pattern} or ${t.address} ilike ${query.pattern})`,
    );
  }
  if (query.after !== null) {
    conditions.push(
      sql`(${t.createdAt}, ${t.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ row: t, cursorTime })
    .from(t)
    .where(and(...conditions))
    .orderBy(sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`)
    .limit(query.limit);
  return rows.map(({ row, cursorTime: createdAt }) => ({ row, position: { createdAt, id: row.id } }));
}

/**
 * What the customer sent since `since` (transfers and withdrawals, failed ones aside): the rolling window of
 * their daily limit. An index range of (user_id, type, created_at).
 */
export async function sumSentSince(db: Db, userId: string, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${t.amount}), 0)::text` })
    .from(t)
    .where(
      and(
        eq(t.userId, userId),
        eq(t.type, "send"),
        sql`${t.status} <> 'failed'`,
        sql`${t.createdAt} > ${since.toISOString()}::timestamptz`,
      ),
    );
  return BigInt(row?.total ?? "0");
}
