import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { VaultCoin } from "../../bitcoin/vault/index.js";
import type { Db } from "../../db/client.js";
import { type VaultCoinStatus, vaultCoins } from "../../db/schema/index.js";

// The vault's coins (vault_coins, owned by this module): only this file touches them.

export type VaultCoinRow = typeof vaultCoins.$inferSelect;

/** A row as the vault's PSBT fields need it (the chain by name). */
export function toVaultCoin(row: VaultCoinRow): VaultCoin {
  return {
    txid: row.txid,
    vout: row.vout,
    valueSats: row.valueSats,
    chain: row.chain === 0 ? "receive" : "change",
    index: row.chainIndex,
  };
}

export async function insertVaultCoin(db: Db, row: VaultCoinRow): Promise<void> {
  await db.insert(vaultCoins).values(row).onConflictDoNothing();
}

/**
 * The vault's coins free for a refill, largest first, locked to the end of the db transaction; coins
 * another refill holds at this moment are skipped, so two refills never take one coin.
 */
export async function claimAvailableVaultCoins(
  db: Db,
  vault: string,
  limit: number,
): Promise<VaultCoinRow[]> {
  return db
    .select()
    .from(vaultCoins)
    .where(and(eq(vaultCoins.vault, vault), eq(vaultCoins.status, "available")))
    .orderBy(desc(vaultCoins.valueSats), vaultCoins.txid, vaultCoins.vout)
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** The coins a refill spends: locked until it confirms (spent) or is cancelled or refused (available). */
export async function lockVaultCoins(
  db: Db,
  refillId: string,
  coins: ReadonlyArray<{ txid: string; vout: number }>,
): Promise<void> {
  for (const coin of coins) {
    await db
      .update(vaultCoins)
      .set({ status: "locked", spentBy: refillId })
      .where(
        and(
          eq(vaultCoins.txid, coin.txid),
          eq(vaultCoins.vout, coin.vout),
          eq(vaultCoins.status, "available"),
        ),
      );
  }
}

/** The refill's coins, in no order (its PSBT has the inputs' order). */
export async function findCoinsOf(db: Db, refillId: string): Promise<VaultCoinRow[]> {
  return db.select().from(vaultCoins).where(eq(vaultCoins.spentBy, refillId));
}

/** The refill confirmed: its coins are spent. */
export async function spendVaultCoinsOf(db: Db, refillId: string): Promise<void> {
  await db
    .update(vaultCoins)
    .set({ status: "spent" })
    .where(and(eq(vaultCoins.spentBy, refillId), eq(vaultCoins.status, "locked")));
}

/** The refill was cancelled or refused for good: its coins are free again. */
export async function releaseVaultCoinsOf(db: Db, refillId: string): Promise<void> {
  await db
    .update(vaultCoins)
    .set({ status: "available", spentBy: null })
    .where(and(eq(vaultCoins.spentBy, refillId), eq(vaultCoins.status, "locked")));
}

/** The sweep `txid` settled: its coins (incoming) are the vault's. Answers what they hold. */
export async function receiveIncoming(db: Db, txid: string): Promise<bigint> {
  const rows = await db
    .update(vaultCoins)
    .set({ status: "available" })
    .where(and(eq(vaultCoins.txid, txid), eq(vaultCoins.status, "incoming")))
    .returning({ valueSats: vaultCoins.valueSats });
  return rows.reduce((sum, row) => sum + row.valueSats, 0n);
}

/** The sweep `txid` was refused for good: the coin it would have made never comes. */
export async function dropIncoming(db: Db, txid: string): Promise<void> {
  await db.delete(vaultCoins).where(and(eq(vaultCoins.txid, txid), eq(vaultCoins.status, "incoming")));
}

/** The vault's coins by status, summed and counted (one vault, or every vault the bank had). */
export async function vaultCoinTotals(
  db: Db,
  vault: string | null,
): Promise<Record<VaultCoinStatus, { sats: bigint; coins: number }>> {
  const rows = await db
    .select({
      status: vaultCoins.status,
      total: sql<string>`coalesce(sum(${vaultCoins.valueSats}), 0)::text`,
      coins: sql<string>`count(*)::text`,
    })
    .from(vaultCoins)
    .where(vault === null ? undefined : eq(vaultCoins.vault, vault))
    .groupBy(vaultCoins.status);
  const zero = () => ({ sats: 0n, coins: 0 });
  const totals = { incoming: zero(), available: zero(), locked: zero(), spent: zero(), missing: zero() };
  for (const row of rows) totals[row.status] = { sats: BigInt(row.total), coins: Number(row.coins) };
  return totals;
}

/** The vault's coins in one of `statuses` (every vault the bank had), oldest first. */
export async function findVaultCoins(db: Db, statuses: readonly VaultCoinStatus[]): Promise<VaultCoinRow[]> {
  return db
    .select()
    .from(vaultCoins)
    .where(inArray(vaultCoins.status, [...statuses]))
    .orderBy(vaultCoins.createdAt, vaultCoins.txid, vaultCoins.vout);
}

/** The coins of `vault` that are the bank's (available, and locked by a refill), oldest first. */
export async function findVaultCoinsHeld(db: Db, vault: string): Promise<VaultCoin[]> {
  const rows = await db
    .select()
    .from(vaultCoins)
    .where(and(eq(vaultCoins.vault, vault), inArray(vaultCoins.status, ["available", "locked"])))
    .orderBy(vaultCoins.createdAt, vaultCoins.txid, vaultCoins.vout);
  return rows.map(toVaultCoin);
}
