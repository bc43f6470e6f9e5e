import { and, asc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { type PayoutStatus, payouts, withdrawals } from "../../db/schema/index.js";
import { textIn } from "../../db/text-in.js";

// The withdrawals module owns withdrawals and payouts: only this file touches them.

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

/** True when a withdrawal waits for a payout (one index probe). */
export async function anyQueuedWithdrawal(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(eq(withdrawals.status, "queued"))
    .limit(1);
  return rows.length > 0;
}

/**
 * Claims up to `limit` queued withdrawals, oldest first, for one payout: their rows stay locked to the end
 * of the db transaction, and a second payout running at the same moment skips them.
 */
export async function claimQueuedWithdrawals(db: Db, limit: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.status, "queued"))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** The withdrawals put into a payout: each names the payout's txid and its output. */
export async function markWithdrawalSent(
  db: Db,
  { id, payoutTxid, payoutVout }: { id: string; payoutTxid: string; payoutVout: number },
): Promise<void> {
  await db
    .update(withdrawals)
    .set({ status: "sent", payoutTxid, payoutVout })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "queued")));
}

export async function findWithdrawalsOf(db: Db, payoutTxid: string): Promise<WithdrawalRow[]> {
  return db.select().from(withdrawals).where(eq(withdrawals.payoutTxid, payoutTxid));
}

/** The payout's withdrawals are done: completed (it confirmed) or failed (it was refused and reversed). */
export async function finishWithdrawals(
  db: Db,
  payoutTxid: string,
  status: "completed" | "failed",
  at: Date,
): Promise<void> {
  await db
    .update(withdrawals)
    .set({ status, finishedAt: at })
    .where(and(eq(withdrawals.payoutTxid, payoutTxid), eq(withdrawals.status, "sent")));
}

export async function insertPayout(db: Db, row: PayoutRow): Promise<void> {
  await db.insert(payouts).values(row);
}

/**
 * The payouts the worker watches: signed (not yet accepted), broadcast (not yet deep enough), and
 * confirmed ones whose block left the best chain (until they are in a block again).
 */
export async function findPayoutsToTrack(db: Db): Promise<PayoutRow[]> {
  return db
    .select()
    .from(payouts)
    .where(
      or(
        inArray(payouts.status, ["signed", "broadcast"]),
        and(eq(payouts.status, "confirmed"), isNull(payouts.blockHeight)),
      ),
    )
    .orderBy(asc(payouts.createdAt));
}

/**
 * Locks the payout's row and answers it if it is still open (signed or broadcast): the claim that makes
 * its confirmation or its failure happen once.
 */
export async function lockOpenPayout(db: Db, txid: string): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.txid, txid), inArray(payouts.status, ["signed", "broadcast"])))
    .for("update");
  return row;
}

export async function updatePayout(
  db: Db,
  txid: string,
  values: Partial<Pick<PayoutRow, "status" | "blockHeight" | "failure" | "broadcastAt" | "confirmedAt">>,
): Promise<void> {
  await db.update(payouts).set(values).where(eq(payouts.txid, txid));
}

/** Marks a signed payout broadcast (the first acceptance only: a rebroadcast keeps the first time). */
export async function markPayoutBroadcast(db: Db, txid: string, at: Date): Promise<void> {
  await db
    .update(payouts)
    .set({
      status: "broadcast",
      broadcastAt: sql`coalesce(${payouts.broadcastAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(eq(payouts.txid, txid), eq(payouts.status, "signed")));
}

export async function findPayout(db: Db, txid: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.txid, txid));
  return row;
}

export type { PayoutStatus };

/**
 * The payouts among `txids` (a block's transactions) are in the block at `height`; a signed one was
 * accepted after all (a crash before its broadcast was recorded). Answers their withdrawals' ids.
 */
export async function markPayoutsInBlock(
  db: Db,
  { txids, height, at }: { txids: readonly string[]; height: number; at: Date },
): Promise<PayoutsMoved> {
  if (txids.length === 0) return { withdrawalIds: [], settledWithdrawalIds: [] };
  const found = await db
    .update(payouts)
    .set({
      blockHeight: height,
      status: sql`case when ${payouts.status} = 'signed' then 'broadcast' else ${payouts.status} end`,
      broadcastAt: sql`coalesce(${payouts.broadcastAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(and(textIn(payouts.txid, txids), ne(payouts.status, "failed")))
    .returning({ txid: payouts.txid, status: payouts.status });
  return payoutsMoved(db, found);
}

/**
 * Payouts a block took or gave back, as their withdrawals: all of them, and those of payouts already
 * settled (confirmed): a reorganisation can move a payout after its withdrawals were completed.
 */
export type PayoutsMoved = { withdrawalIds: string[]; settledWithdrawalIds: string[] };

async function payoutsMoved(
  db: Db,
  found: readonly { txid: string; status: string }[],
): Promise<PayoutsMoved> {
  const settled = new Set(found.filter((row) => row.status === "confirmed").map((row) => row.txid));
  const rows = await withdrawalsOf(
    db,
    found.map((row) => row.txid),
  );
  return {
    withdrawalIds: rows.map((row) => row.id),
    settledWithdrawalIds: rows.filter((row) => settled.has(row.payoutTxid ?? "")).map((row) => row.id),
  };
}

/** The block at `height` left the best chain: its payouts wait for a block again. Answers their withdrawals. */
export async function unmarkPayoutsInBlock(db: Db, height: number): Promise<PayoutsMoved> {
  const found = await db
    .update(payouts)
    .set({ blockHeight: null })
    .where(eq(payouts.blockHeight, height))
    .returning({ txid: payouts.txid, status: payouts.status });
  return payoutsMoved(db, found);
}

async function withdrawalsOf(db: Db, payoutTxids: readonly string[]) {
  if (payoutTxids.length === 0) return [];
  return db
    .select({ id: withdrawals.id, payoutTxid: withdrawals.payoutTxid })
    .from(withdrawals)
    .where(textIn(withdrawals.payoutTxid, payoutTxids));
}

/** How many withdrawals wait for a payout (queued) or for its confirmation (sent), and their amounts. */
export async function pendingWithdrawalTotals(
  db: Db,
): Promise<Record<"queued" | "sent", { count: number; sumSats: bigint }>> {
  const rows = await db
    .select({
      status: withdrawals.status,
      count: sql<string>`count(*)::text`,
      total: sql<string>`coalesce(sum(${withdrawals.amountSats}), 0)::text`,
    })
    .from(withdrawals)
    .where(inArray(withdrawals.status, ["queued", "sent"]))
    .groupBy(withdrawals.status);
  const totals = { queued: { count: 0, sumSats: 0n }, sent: { count: 0, sumSats: 0n } };
  for (const row of rows) {
    if (row.status === "queued" || row.status === "sent") {
      totals[row.status] = { count: Number(row.count), sumSats: BigInt(row.total) };
    }
  }
  return totals;
}

/** The sweep to the cold vault still on its way (signed or broadcast), if any. */
export async function findOpenSweep(db: Db): Promise<PayoutRow | undefined> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.purpose, "sweep"), inArray(payouts.status, ["signed", "broadcast"])))
    .limit(1);
  return row;
}

/**
 * What the withdrawals not yet in a payout will take from the hot wallet (held, awaiting approval,
 * queued): the sweep leaves it there, above the target.
 */
export async function waitingWithdrawalSats(db: Db): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${withdrawals.amountSats}), 0)::text` })
    .from(withdrawals)
    .where(inArray(withdrawals.status, ["held", "awaiting_approval", "queued"]));
  return BigInt(row?.total ?? "0");
}
