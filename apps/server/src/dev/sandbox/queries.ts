import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { sandboxBlocks, sandboxChainTransactions, sandboxNode, sandboxOutputs } from "./schema.js";

// The sandbox node's tables (schema.ts): only the sandbox node reads and writes them.

export type SandboxBlockRow = typeof sandboxBlocks.$inferSelect;
export type SandboxChainTransactionRow = typeof sandboxChainTransactions.$inferSelect;
export type SandboxOutputRow = typeof sandboxOutputs.$inferSelect;

/** Locks the node's row (every change of the node holds it to its end), or undefined before set-up. */
export async function lockNode(db: Db): Promise<{ faucetKey: string } | undefined> {
  const [row] = await db
    .select({ faucetKey: sandboxNode.faucetKey })
    .from(sandboxNode)
    .where(eq(sandboxNode.id, 1))
    .for("update");
  return row;
}

export async function insertNode(db: Db, values: { faucetKey: string; createdAt: Date }): Promise<void> {
  await db
    .insert(sandboxNode)
    .values({ id: 1, ...values })
    .onConflictDoNothing();
}

export async function findTip(db: Db): Promise<SandboxBlockRow | undefined> {
  const [row] = await db.select().from(sandboxBlocks).orderBy(desc(sandboxBlocks.height)).limit(1);
  return row;
}

export async function findBlockByHeight(db: Db, height: number): Promise<SandboxBlockRow | undefined> {
  const [row] = await db.select().from(sandboxBlocks).where(eq(sandboxBlocks.height, height));
  return row;
}

export async function findBlockByHash(db: Db, hash: string): Promise<SandboxBlockRow | undefined> {
  const [row] = await db.select().from(sandboxBlocks).where(eq(sandboxBlocks.hash, hash));
  return row;
}

export async function insertBlock(db: Db, block: SandboxBlockRow): Promise<void> {
  await db.insert(sandboxBlocks).values(block);
}

/** The blocks above `height`, highest first. */
export async function findBlocksAbove(db: Db, height: number): Promise<SandboxBlockRow[]> {
  return db
    .select()
    .from(sandboxBlocks)
    .where(gt(sandboxBlocks.height, height))
    .orderBy(desc(sandboxBlocks.height));
}

export async function deleteBlocksAbove(db: Db, height: number): Promise<void> {
  await db.delete(sandboxBlocks).where(gt(sandboxBlocks.height, height));
}

export async function findChainTransaction(
  db: Db,
  txid: string,
): Promise<SandboxChainTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(sandboxChainTransactions)
    .where(eq(sandboxChainTransactions.txid, txid));
  return row;
}

/** A block's transactions in their order (the coinbase first). */
export async function findBlockChainTransactions(
  db: Db,
  height: number,
): Promise<SandboxChainTransactionRow[]> {
  return db
    .select()
    .from(sandboxChainTransactions)
    .where(eq(sandboxChainTransactions.blockHeight, height))
    .orderBy(asc(sandboxChainTransactions.position));
}

/** The mempool, oldest first: a transaction always after the ones whose outputs it spends. */
export async function findMempool(db: Db): Promise<SandboxChainTransactionRow[]> {
  return db
    .select()
    .from(sandboxChainTransactions)
    .where(isNull(sandboxChainTransactions.blockHeight))
    .orderBy(asc(sandboxChainTransactions.receivedAt), asc(sandboxChainTransactions.txid));
}

export async function insertChainTransaction(
  db: Db,
  transaction: SandboxChainTransactionRow,
  outputs: readonly SandboxOutputRow[],
): Promise<void> {
  await db.insert(sandboxChainTransactions).values(transaction);
  if (outputs.length > 0) await db.insert(sandboxOutputs).values([...outputs]);
}

/** Puts mempool transactions into the block at `height`, at positions from `firstPosition`. */
export async function confirmChainTransactions(
  db: Db,
  txids: readonly string[],
  height: number,
  firstPosition: number,
): Promise<void> {
  for (const [offset, txid] of txids.entries()) {
    await db
      .update(sandboxChainTransactions)
      .set({ blockHeight: height, position: firstPosition + offset })
      .where(eq(sandboxChainTransactions.txid, txid));
  }
}

/** Sends the transactions of the blocks above `height`, but their coinbases, back to the mempool. */
export async function unconfirmChainTransactionsAbove(db: Db, height: number): Promise<void> {
  await db
    .update(sandboxChainTransactions)
    .set({ blockHeight: null, position: null })
    .where(
      and(gt(sandboxChainTransactions.blockHeight, height), eq(sandboxChainTransactions.coinbase, false)),
    );
}

export async function findChainTransactionsAbove(
  db: Db,
  height: number,
): Promise<SandboxChainTransactionRow[]> {
  return db.select().from(sandboxChainTransactions).where(gt(sandboxChainTransactions.blockHeight, height));
}

/** An output's own columns, for selects that join its transaction. */
const outputColumns = {
  txid: sandboxOutputs.txid,
  vout: sandboxOutputs.vout,
  valueSats: sandboxOutputs.valueSats,
  script: sandboxOutputs.script,
  address: sandboxOutputs.address,
  spentBy: sandboxOutputs.spentBy,
};

/** The outputs `outpoints` name, found or not. */
export async function findOutputs(
  db: Db,
  outpoints: readonly { txid: string; vout: number }[],
): Promise<(SandboxOutputRow & { blockHeight: number | null; coinbase: boolean })[]> {
  if (outpoints.length === 0) return [];
  const txids = [...new Set(outpoints.map((outpoint) => outpoint.txid))];
  const rows = await db
    .select({
      ...outputColumns,
      blockHeight: sandboxChainTransactions.blockHeight,
      coinbase: sandboxChainTransactions.coinbase,
    })
    .from(sandboxOutputs)
    .innerJoin(sandboxChainTransactions, eq(sandboxChainTransactions.txid, sandboxOutputs.txid))
    .where(inArray(sandboxOutputs.txid, txids));
  const wanted = new Set(outpoints.map((outpoint) => `${outpoint.txid}:${outpoint.vout}`));
  return rows.filter((row) => wanted.has(`${row.txid}:${row.vout}`));
}

/**
 * One output with its transaction's block and coinbase flag, and whether the transaction spending it (if
 * any) is in a block; undefined when the node has no such output.
 */
export async function findOutput(
  db: Db,
  { txid, vout }: { txid: string; vout: number },
): Promise<
  | (SandboxOutputRow & { blockHeight: number | null; coinbase: boolean; spenderHeight: number | null })
  | undefined
> {
  const spender = alias(sandboxChainTransactions, "spender");
  const [row] = await db
    .select({
      ...outputColumns,
      blockHeight: sandboxChainTransactions.blockHeight,
      coinbase: sandboxChainTransactions.coinbase,
      spenderHeight: spender.blockHeight,
    })
    .from(sandboxOutputs)
    .innerJoin(sandboxChainTransactions, eq(sandboxChainTransactions.txid, sandboxOutputs.txid))
    .leftJoin(spender, eq(spender.txid, sandboxOutputs.spentBy))
    .where(and(eq(sandboxOutputs.txid, txid), eq(sandboxOutputs.vout, vout)));
  return row;
}

export async function markSpent(
  db: Db,
  outpoints: readonly { txid: string; vout: number }[],
  spentBy: string,
): Promise<void> {
  for (const { txid, vout } of outpoints) {
    await db
      .update(sandboxOutputs)
      .set({ spentBy })
      .where(and(eq(sandboxOutputs.txid, txid), eq(sandboxOutputs.vout, vout)));
  }
}

/** The transactions that spend outputs of `txids` (their children). */
export async function findSpenders(db: Db, txids: readonly string[]): Promise<string[]> {
  if (txids.length === 0) return [];
  const rows = await db
    .selectDistinct({ spentBy: sandboxOutputs.spentBy })
    .from(sandboxOutputs)
    .where(and(inArray(sandboxOutputs.txid, [...txids]), isNotNull(sandboxOutputs.spentBy)));
  return rows.flatMap((row) => (row.spentBy === null ? [] : [row.spentBy]));
}

/** Removes transactions (their outputs go with them) and frees the outputs they spent. */
export async function deleteChainTransactions(db: Db, txids: readonly string[]): Promise<void> {
  if (txids.length === 0) return;
  await db
    .update(sandboxOutputs)
    .set({ spentBy: null })
    .where(inArray(sandboxOutputs.spentBy, [...txids]));
  await db.delete(sandboxChainTransactions).where(inArray(sandboxChainTransactions.txid, [...txids]));
}

/** The unspent outputs paying `address` that `spendable` allows, largest first. */
export async function findUnspentOf(
  db: Db,
  address: string,
  { tipHeight, coinbaseMaturity }: { tipHeight: number; coinbaseMaturity: number },
): Promise<SandboxOutputRow[]> {
  return db
    .select(outputColumns)
    .from(sandboxOutputs)
    .innerJoin(sandboxChainTransactions, eq(sandboxChainTransactions.txid, sandboxOutputs.txid))
    .where(
      and(
        eq(sandboxOutputs.address, address),
        isNull(sandboxOutputs.spentBy),
        // A coinbase output matures after 100 confirmations; anything else may be spent at once.
        sql`(${sandboxChainTransactions.coinbase} = false or ${tipHeight} - ${sandboxChainTransactions.blockHeight} + 1 >= ${coinbaseMaturity})`,
      ),
    )
    .orderBy(desc(sandboxOutputs.valueSats));
}
