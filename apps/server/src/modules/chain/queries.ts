import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { chainBlocks, chainDeposits, type DepositStatus, users } from "../../db/schema/index.js";
import { textIn } from "../../db/text-in.js";

// The chain module owns chain_blocks, chain_deposits and hot_wallet_utxos: only this file touches the
// first two, and utxo-queries.ts the coins.

export type ChainBlockRow = typeof chainBlocks.$inferSelect;
export type ChainDepositRow = typeof chainDeposits.$inferSelect;

export async function findLastBlock(db: Db): Promise<ChainBlockRow | undefined> {
  const [row] = await db.select().from(chainBlocks).orderBy(desc(chainBlocks.height)).limit(1);
  return row;
}

/**
 * Records a processed block; false when that block was processed already (the block is skipped). Any of
 * its unique keys (height, hash) is the conflict: with the height alone, a follower racing another with
 * the same block saw the hash's unique violation instead of the skip (PostgreSQL checks only the named
 * index before it inserts).
 */
export async function insertBlock(db: Db, row: ChainBlockRow): Promise<boolean> {
  const rows = await db
    .insert(chainBlocks)
    .values(row)
    .onConflictDoNothing()
    .returning({ height: chainBlocks.height });
  return rows.length === 1;
}

export async function deleteBlock(db: Db, height: number): Promise<void> {
  await db.delete(chainBlocks).where(eq(chainBlocks.height, height));
}

export async function findDeposits(db: Db, txid: string): Promise<ChainDepositRow[]> {
  return db.select().from(chainDeposits).where(eq(chainDeposits.txid, txid));
}

export async function findDepositsOf(db: Db, txids: readonly string[]): Promise<ChainDepositRow[]> {
  if (txids.length === 0) return [];
  return db.select().from(chainDeposits).where(textIn(chainDeposits.txid, txids));
}

/** Inserts the deposit unless (txid, vout) is known; true when it is new. */
export async function insertDeposit(db: Db, row: ChainDepositRow): Promise<boolean> {
  const rows = await db
    .insert(chainDeposits)
    .values(row)
    .onConflictDoNothing({ target: [chainDeposits.txid, chainDeposits.vout] })
    .returning({ txid: chainDeposits.txid });
  return rows.length === 1;
}

export async function updateDeposit(
  db: Db,
  { txid, vout }: { txid: string; vout: number },
  values: Partial<
    Pick<
      ChainDepositRow,
      | "status"
      | "blockHeight"
      | "blockHash"
      | "creditedAt"
      | "reorgedAt"
      | "transactionId"
      | "heldSats"
      | "resolution"
      | "resolvedAt"
    >
  >,
): Promise<void> {
  await db
    .update(chainDeposits)
    .set(values)
    .where(and(eq(chainDeposits.txid, txid), eq(chainDeposits.vout, vout)));
}

/** The deposits in the block at `height`. */
export async function findDepositsInBlock(db: Db, height: number): Promise<ChainDepositRow[]> {
  return db.select().from(chainDeposits).where(eq(chainDeposits.blockHeight, height));
}

/** Pending deposits in a block at `maxHeight` or below: deep enough to credit. */
export async function findCreditable(db: Db, maxHeight: number, limit: number): Promise<ChainDepositRow[]> {
  return db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.status, "pending"), lte(chainDeposits.blockHeight, maxHeight)))
    .orderBy(chainDeposits.blockHeight, chainDeposits.txid, chainDeposits.vout)
    .limit(limit);
}

/** Pending deposits in no block: waiting in the mempool, or gone from it. */
export async function findUnconfirmedPending(db: Db): Promise<ChainDepositRow[]> {
  return db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.status, "pending"), isNull(chainDeposits.blockHeight)));
}

/**
 * Locks the deposit's row and answers it if it still has `status`: the claim that makes crediting
 * happen once even when two followers overlap.
 */
export async function lockDepositWithStatus(
  db: Db,
  { txid, vout }: { txid: string; vout: number },
  status: DepositStatus,
): Promise<ChainDepositRow | undefined> {
  const [row] = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.txid, txid), eq(chainDeposits.vout, vout), eq(chainDeposits.status, status)))
    .for("update");
  return row;
}

/** Locks the deposit's row to the end of the db transaction and answers it (undefined: no such deposit). */
export async function lockDeposit(
  db: Db,
  { txid, vout }: { txid: string; vout: number },
): Promise<ChainDepositRow | undefined> {
  const [row] = await db
    .select()
    .from(chainDeposits)
    .where(and(eq(chainDeposits.txid, txid), eq(chainDeposits.vout, vout)))
    .for("update");
  return row;
}

/**
 * Locks the rows of these deposits that still have `status`, in (txid, vout) order, and answers them:
 * the claim of a batch of credits (the others were credited or failed meanwhile).
 */
export async function lockDepositsWithStatus(
  db: Db,
  deposits: ReadonlyArray<{ txid: string; vout: number }>,
  status: DepositStatus,
): Promise<ChainDepositRow[]> {
  if (deposits.length === 0) return [];
  return db
    .select()
    .from(chainDeposits)
    .where(
      and(
        sql`(${chainDeposits.txid}, ${chainDeposits.vout}) in (select * from unnest(${sql.param(
          deposits.map((d) => d.txid),
        )}::text[], ${sql.param(deposits.map((d) => d.vout))}::int[]))`,
        eq(chainDeposits.status, status),
      ),
    )
    .orderBy(chainDeposits.txid, chainDeposits.vout)
    .for("update");
}

/** Credited deposits a reorganisation took out of the chain that are neither back nor resolved. */
export async function findUnresolvedReorged(db: Db): Promise<ChainDepositRow[]> {
  return db
    .select()
    .from(chainDeposits)
    .where(
      and(
        sql`${chainDeposits.reorgedAt} is not null`,
        isNull(chainDeposits.resolution),
        isNull(chainDeposits.blockHeight),
      ),
    )
    .orderBy(chainDeposits.reorgedAt);
}

/** Credited deposits whose block left the best chain (flagged for staff), newest flag first. */
export async function findReorgedDeposits(
  db: Db,
  limit: number,
): Promise<{
  count: number;
  sumSats: bigint;
  rows: {
    deposit: ChainDepositRow;
    customer: { id: string; name: string; email: string; username: string };
  }[];
}> {
  const flagged = sql`${chainDeposits.reorgedAt} is not null`;
  const [totals] = await db
    .select({
      count: sql<string>`count(*)::text`,
      total: sql<string>`coalesce(sum(${chainDeposits.valueSats}), 0)::text`,
    })
    .from(chainDeposits)
    .where(flagged);
  const rows = await db
    .select({
      deposit: chainDeposits,
      customer: { id: users.id, name: users.name, email: users.email, username: users.username },
    })
    .from(chainDeposits)
    .innerJoin(users, eq(users.id, chainDeposits.userId))
    .where(flagged)
    .orderBy(desc(chainDeposits.reorgedAt))
    .limit(limit);
  return { count: Number(totals?.count ?? 0), sumSats: BigInt(totals?.total ?? "0"), rows };
}
