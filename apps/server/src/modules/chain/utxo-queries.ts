import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { hotWalletUtxos } from "../../db/schema/index.js";

// The hot wallet's coins (hot_wallet_utxos, owned by the chain module): only this file touches them.

export type HotWalletUtxoRow = typeof hotWalletUtxos.$inferSelect;

export async function insertUtxo(db: Db, row: HotWalletUtxoRow): Promise<void> {
  await db.insert(hotWalletUtxos).values(row).onConflictDoNothing();
}

export async function setUtxoStatus(
  db: Db,
  { txid, vout }: { txid: string; vout: number },
  status: HotWalletUtxoRow["status"],
): Promise<void> {
  await db
    .update(hotWalletUtxos)
    .set({ status })
    .where(and(eq(hotWalletUtxos.txid, txid), eq(hotWalletUtxos.vout, vout)));
}

/** The hot wallet's coins by status, summed (the books compare this with the ledger). */
export async function sumUtxos(db: Db): Promise<Record<HotWalletUtxoRow["status"], bigint>> {
  const rows = await db
    .select({
      status: hotWalletUtxos.status,
      total: sql<string>`coalesce(sum(${hotWalletUtxos.valueSats}), 0)`,
    })
    .from(hotWalletUtxos)
    .groupBy(hotWalletUtxos.status);
  const totals = { available: 0n, locked: 0n, spent: 0n, missing: 0n, written_off: 0n };
  for (const row of rows) totals[row.status] = BigInt(row.total);
  return totals;
}

/** A coin as the solvency watchdog asks the chain backend of it. */
export type BankCoinRow = Pick<HotWalletUtxoRow, "txid" | "vout" | "valueSats" | "status" | "spentBy">;

/** The coins the books count as the bank's on the chain: available, and locked by a payout. */
export async function findBankCoins(db: Db): Promise<BankCoinRow[]> {
  return db
    .select({
      txid: hotWalletUtxos.txid,
      vout: hotWalletUtxos.vout,
      valueSats: hotWalletUtxos.valueSats,
      status: hotWalletUtxos.status,
      spentBy: hotWalletUtxos.spentBy,
    })
    .from(hotWalletUtxos)
    .where(sql`${hotWalletUtxos.status} in ('available', 'locked')`);
}

/**
 * The hot wallet's spendable coins, largest first, locked to the end of the db transaction; coins another
 * payout holds at this moment are skipped, so two payouts never pick one coin.
 */
export async function claimAvailableUtxos(db: Db, limit: number): Promise<HotWalletUtxoRow[]> {
  return db
    .select()
    .from(hotWalletUtxos)
    .where(eq(hotWalletUtxos.status, "available"))
    .orderBy(desc(hotWalletUtxos.valueSats), hotWalletUtxos.txid, hotWalletUtxos.vout)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** The coins a payout spends: locked until it confirms (spent) or is refused (available again). */
export async function lockUtxosFor(
  db: Db,
  payoutTxid: string,
  coins: ReadonlyArray<{ txid: string; vout: number }>,
): Promise<void> {
  for (const coin of coins) {
    await db
      .update(hotWalletUtxos)
      .set({ status: "locked", spentBy: payoutTxid })
      .where(
        and(
          eq(hotWalletUtxos.txid, coin.txid),
          eq(hotWalletUtxos.vout, coin.vout),
          eq(hotWalletUtxos.status, "available"),
        ),
      );
  }
}

/** The payout confirmed: its coins are spent. */
export async function spendUtxosOf(db: Db, payoutTxid: string): Promise<void> {
  await db
    .update(hotWalletUtxos)
    .set({ status: "spent" })
    .where(and(eq(hotWalletUtxos.spentBy, payoutTxid), eq(hotWalletUtxos.status, "locked")));
}

/** The payout was refused for good: its coins are free again. */
export async function releaseUtxosOf(db: Db, payoutTxid: string): Promise<void> {
  await db
    .update(hotWalletUtxos)
    .set({ status: "available", spentBy: null })
    .where(and(eq(hotWalletUtxos.spentBy, payoutTxid), eq(hotWalletUtxos.status, "locked")));
}

/** A hot wallet coin as a reserves proof spends it: its outpoint, value and the key it derives from. */
export type HotReserveCoin = Pick<HotWalletUtxoRow, "txid" | "vout" | "valueSats" | "chain" | "chainIndex">;

/** The coins the books count as the hot wallet's (available, and locked by a payout), oldest first. */
export async function findHotReserveCoins(db: Db): Promise<HotReserveCoin[]> {
  return db
    .select({
      txid: hotWalletUtxos.txid,
      vout: hotWalletUtxos.vout,
      valueSats: hotWalletUtxos.valueSats,
      chain: hotWalletUtxos.chain,
      chainIndex: hotWalletUtxos.chainIndex,
    })
    .from(hotWalletUtxos)
    .where(sql`${hotWalletUtxos.status} in ('available', 'locked')`)
    .orderBy(hotWalletUtxos.createdAt, hotWalletUtxos.txid, hotWalletUtxos.vout);
}
