import { and, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cursorTime } from "../../db/keyset.js";
import { users, walletTransactions } from "../../db/schema/index.js";
import type { HistoryPosition } from "../../domain/history.js";
import { createdPriceAt, type SettledPriceValues, settledPriceAt } from "./recorded-prices.js";

// The transactions module owns wallet_transactions: only this file touches it (and labels.ts, the
// customer's labels). Other modules record rows through insertWalletTransactions, inside the db
// transaction that posts the money.

/** A history row as the code reads it: search_text is the search's own (the database writes it). */
export type WalletTransactionRow = Omit<typeof walletTransactions.$inferSelect, "searchText">;
export type NewWalletTransaction = typeof walletTransactions.$inferInsert;

/** Every column of a row but search_text: what the code selects. */
const { searchText: _searchText, ...rowColumns } = getTableColumns(walletTransactions);

/** A row and its exact position in the history (created_at to the microsecond, for the cursor). */
export type ListedRow = { row: WalletTransactionRow; position: HistoryPosition };

export async function insertWalletTransactions(db: Db, rows: NewWalletTransaction[]): Promise<void> {
  await db.insert(walletTransactions).values(rows);
}

/**
 * Writes the rows an event records, each with the price at its created_at (recorded-prices.ts), a row
 * created completed settled at that price too, and returns them as written.
 */
export async function recordWalletTransactions(
  db: Db,
  rows: readonly NewWalletTransaction[],
): Promise<WalletTransactionRow[]> {
  const priced = rows.map((row) => ({
    ...row,
    ...createdPriceAt(row.createdAt),
    ...(row.status === "completed" ? settledPriceAt(row.createdAt) : {}),
  }));
  return db.insert(walletTransactions).values(priced).returning(rowColumns);
}

/** Changes a transaction's status (and names its transfer once the money moved; its price once settled). */
export async function updateWalletTransaction(
  db: Db,
  id: string,
  values: Partial<Pick<WalletTransactionRow, "status" | "transferId"> & SettledPriceValues>,
): Promise<void> {
  await db.update(walletTransactions).set(values).where(eq(walletTransactions.id, id));
}

type WithdrawalStanding = {
  status: WalletTransactionRow["status"];
  withdrawalState: NonNullable<WalletTransactionRow["withdrawalState"]>;
};

/** Among these transactions, those standing as `from` now stand as `to` (the others are left as they are). */
export async function updateWalletTransactionsWhere(
  db: Db,
  ids: readonly string[],
  from: WithdrawalStanding,
  to: WithdrawalStanding & Partial<SettledPriceValues>,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(walletTransactions)
    .set(to)
    .where(
      and(
        inArray(walletTransactions.id, [...ids]),
        eq(walletTransactions.status, from.status),
        eq(walletTransactions.withdrawalState, from.withdrawalState),
      ),
    );
}

/** The same change to several transactions (the withdrawals of one payout, the deposits of one block). */
export async function updateWalletTransactions(
  db: Db,
  ids: readonly string[],
  values: Partial<
    Pick<
      WalletTransactionRow,
      "status" | "txid" | "blockHeight" | "withdrawalState" | "heldUntil" | "withdrawalReason"
    > &
      SettledPriceValues
  >,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(walletTransactions)
    .set(values)
    .where(inArray(walletTransactions.id, [...ids]));
}

/** Withdrawals' rows still queued move on to broadcast (never back from confirmed or failed). */
export async function markQueuedWithdrawalsBroadcast(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(walletTransactions)
    .set({ withdrawalState: "broadcast" })
    .where(and(inArray(walletTransactions.id, [...ids]), eq(walletTransactions.withdrawalState, "queued")));
}

export async function findWalletTransaction(
  db: Db,
  { userId, transactionId }: { userId: string; transactionId: string },
): Promise<WalletTransactionRow | undefined> {
  const [row] = await db
    .select(rowColumns)
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
    .select(rowColumns)
    .from(walletTransactions)
    .where(and(eq(walletTransactions.transferId, transferId), eq(walletTransactions.userId, userId)));
  return row;
}

export type HistoryQuery = {
  userId: string;
  type: "send" | "receive" | null;
  /**
   * ILIKE patterns, one per word of the search: a row's search_text (the counterparty's name and
   * username, the address, the note) must match them all. None or empty: no search.
   */
  words?: readonly string[];
  after: HistoryPosition | null;
  limit: number;
};

const t = walletTransactions;
const newestFirst = [sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`];
const positionTime = cursorTime(t.createdAt);

/**
 * One page of a customer's history, newest first, by keyset: the rows strictly after `after` in
 * (created_at desc, id desc) order. "desc nulls last" is spelled out to match the indexes exactly
 * (user_id, [type,] created_at desc, id desc), so a page is an index range scan that stops after `limit`.
 * A search finds the page's ids first: the customer's index holds the type and search_text (migrations
 * 0018, 0028), so testing the words on each row is an index-only walk; a rare word goes through the
 * trigram index on search_text instead, as the planner judges the patterns.
 */
export async function listWalletTransactions(db: Db, query: HistoryQuery): Promise<ListedRow[]> {
  const conditions = [eq(t.userId, query.userId)];
  if (query.type !== null) conditions.push(eq(t.type, query.type));
  if (query.after !== null) {
    conditions.push(
      sql`(${t.createdAt}, ${t.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  const words = query.words ?? [];
  if (words.length > 0) {
    const found = and(...words.map((pattern) => sql`${t.searchText} ilike ${pattern}`));
    const ids = sql`(select ${t.id} from ${t} where ${and(...conditions, found)}
      order by ${sql.join(newestFirst, sql`, `)} limit ${query.limit})`;
    conditions.push(inArray(t.id, ids));
  }
  const rows = await db
    .select({ row: rowColumns, positionTime })
    .from(t)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(query.limit);
  return rows.map(({ row, positionTime: createdAt }) => ({ row, position: { createdAt, id: row.id } }));
}

/** A customer the customer sent to, as they are now. */
export type RecentPayee = { username: string; name: string };

/**
 * The customers `userId` sent to last, newest first, each once, at most `limit`: only those who can still
 * be paid (active customers). A walk of the customer's sends newest first (the (user_id, type, created_at
 * desc, id desc) index), one step per payee: each step takes the next older send to someone not yet found,
 * so it reads the sends down to the limit-th payee's newest one and stops.
 */
export async function findRecentPayees(db: Db, userId: string, limit: number): Promise<RecentPayee[]> {
  const rows = await db.execute<RecentPayee>(recentPayeesQuery(userId, limit));
  return rows.rows.map(({ username, name }) => ({ username, name }));
}

/** findRecentPayees' statement (its plan is tested). */
export function recentPayeesQuery(userId: string, limit: number): SQL {
  const nextSend = (after: SQL | null, seen: SQL | null) => sql`
    select w.counterparty_user_id, w.created_at, w.id
      from ${t} w join ${users} u on u.id = w.counterparty_user_id
     where w.user_id = ${userId} and w.type = 'send' and w.counterparty_user_id is not null
       and u.role = 'customer' and u.status = 'active'
       ${after === null ? sql`` : sql`and (w.created_at, w.id) < ${after}`}
       ${seen === null ? sql`` : sql`and w.counterparty_user_id <> all(${seen})`}
     order by w.created_at desc nulls last, w.id desc nulls last
     limit 1`;
  return sql`
    with recursive walk (payee_id, created_at, id, seen) as (
      (select newest.counterparty_user_id, newest.created_at, newest.id, array[newest.counterparty_user_id]
         from (${nextSend(null, null)}) as newest)
      union all
      (select step.counterparty_user_id, step.created_at, step.id, walk.seen || step.counterparty_user_id
         from walk cross join lateral (${nextSend(sql`(walk.created_at, walk.id)`, sql`walk.seen`)}) as step
        where cardinality(walk.seen) < ${limit})
    )
    select u.username, u.name from walk join ${users} u on u.id = walk.payee_id
     order by walk.created_at desc, walk.id desc`;
}

/** What staff's Transaction History searches for; each part null when not asked. */
export type AllTransactionsQuery = {
  type: "send" | "receive" | null;
  status: "completed" | "pending" | "failed" | null;
  search: {
    /** ILIKE: the customer's name or username, or the address. */
    pattern: string;
    /** The text as a UUID: a transaction id or a customer id, exactly. */
    uuid: string | null;
    /** The text as a txid (64 hex digits, lower-case), exactly. */
    txid: string | null;
  } | null;
  after: HistoryPosition | null;
  limit: number;
};

export type StaffListedRow = ListedRow & { owner: { id: string; name: string; username: string } };

/**
 * A page of every customer's transactions, newest first, by keyset (as the customer's own history): an
 * index range of (created_at desc, id desc), or of (type|status, created_at desc, id desc) when filtered.
 * A search is a union of its ways to match, each its own newest-first range cut at the page size: the
 * customers whose name or username matches (trigram indexes on users), each read from their own
 * (user_id, created_at desc, id desc) range; the address (its trigram index when the text is rare, the
 * newest-first index when it is common: the planner sees the pattern); a transaction or customer id; a
 * txid. One OR over all of them would read the table newest first and test every row: a rare term read
 * all 1,000,000 rows (apps/server/bench/history.bench.ts).
 */
export async function listAllWalletTransactions(
  db: Db,
  query: AllTransactionsQuery,
): Promise<StaffListedRow[]> {
  const conditions: SQL[] = [];
  if (query.type !== null) conditions.push(eq(t.type, query.type));
  if (query.status !== null) conditions.push(eq(t.status, query.status));
  if (query.after !== null) {
    conditions.push(
      sql`(${t.createdAt}, ${t.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  if (query.search !== null)
    conditions.push(inArray(t.id, searchedIds(query.search, conditions, query.limit)));
  const rows = await db
    .select({
      row: rowColumns,
      positionTime,
      owner: { id: users.id, name: users.name, username: users.username },
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .where(conditions.length === 0 ? undefined : and(...conditions))
    .orderBy(...newestFirst)
    .limit(query.limit);
  return rows.map(({ row, positionTime: createdAt, owner }) => ({
    row,
    owner,
    position: { createdAt, id: row.id },
  }));
}

/** The ids of the newest `limit` rows a search finds (after the filters): see listAllWalletTransactions. */
function searchedIds(
  { pattern, uuid, txid }: NonNullable<AllTransactionsQuery["search"]>,
  filters: readonly SQL[],
  limit: number,
): SQL {
  const where = (match: SQL) => and(match, ...filters);
  const newest = (match: SQL) =>
    sql`(select ${t.id}, ${t.createdAt} from ${t} where ${where(match)} order by ${sql.join(newestFirst, sql`, `)} limit ${limit})`;
  const ways = [
    sql`(select found.id, found.created_at from ${users}
          cross join lateral ${newest(sql`${t.userId} = ${users.id}`)} as found
         where ${users.name} ilike ${pattern} or ${users.username} ilike ${pattern})`,
    newest(sql`${t.address} ilike ${pattern}`),
  ];
  if (uuid !== null)
    ways.push(newest(sql`${t.id} = ${uuid}::uuid`), newest(sql`${t.userId} = ${uuid}::uuid`));
  if (txid !== null) ways.push(newest(sql`${t.txid} = ${txid}`));
  return sql`(select matched.id from (${sql.join(ways, sql` union `)}) as matched
    order by matched.created_at desc, matched.id desc limit ${limit})`;
}
