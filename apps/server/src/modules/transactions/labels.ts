import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { walletTransactions } from "../../db/schema/index.js";
import { textIn } from "../../db/text-in.js";

// The customer's own labels on their rows (issue 24): beside queries.ts, the one other file that touches
// wallet_transactions, and only its label column.

/** Sets (or, with null, removes) the label of one of the customer's rows; false when they have no such row. */
export async function updateTransactionLabel(
  db: Db,
  { userId, transactionId, label }: { userId: string; transactionId: string; label: string | null },
): Promise<boolean> {
  const rows = await db
    .update(walletTransactions)
    .set({ label })
    .where(and(eq(walletTransactions.id, transactionId), eq(walletTransactions.userId, userId)))
    .returning({ id: walletTransactions.id });
  return rows.length === 1;
}

/** The txids among `txids` that name at least one of the customer's rows. */
export async function ownTxids(
  db: Db,
  { userId, txids }: { userId: string; txids: readonly string[] },
): Promise<Set<string>> {
  if (txids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ txid: walletTransactions.txid })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), textIn(walletTransactions.txid, txids)));
  return new Set(rows.flatMap((row) => (row.txid === null ? [] : [row.txid])));
}

/**
 * Labels the customer's rows by txid, in one statement: every row of theirs holding a txid of `labels`
 * (a txid may name several of their rows: a batched payout, a deposit to two of their addresses). Answers
 * how many rows changed. Each txid appears once in `labels`.
 */
export async function labelTransactionsByTxid(
  db: Db,
  { userId, labels }: { userId: string; labels: ReadonlyMap<string, string> },
): Promise<number> {
  if (labels.size === 0) return 0;
  const result = await db.execute<{ id: string }>(sql`
    update ${walletTransactions} as w
       set label = v.label
      from unnest(${sql.param([...labels.keys()])}::text[], ${sql.param([...labels.values()])}::text[])
           as v(txid, label)
     where w.user_id = ${userId} and w.txid = v.txid
     returning w.id`);
  return result.rows.length;
}

/** The customer's labelled rows that have a txid: oldest first per txid, for the BIP-329 export. */
export async function listTxidLabels(db: Db, userId: string): Promise<{ txid: string; label: string }[]> {
  const rows = await db
    .select({ txid: walletTransactions.txid, label: walletTransactions.label })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userId, userId),
        isNotNull(walletTransactions.txid),
        isNotNull(walletTransactions.label),
      ),
    )
    .orderBy(asc(walletTransactions.txid), asc(walletTransactions.createdAt), asc(walletTransactions.id));
  return rows.flatMap(({ txid, label }) => (txid === null || label === null ? [] : [{ txid, label }]));
}
