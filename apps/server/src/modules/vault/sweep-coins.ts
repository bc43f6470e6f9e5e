import type { VaultSweep } from "@satsbank/shared";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { payouts, vaultCoins } from "../../db/schema/index.js";
import type { ClaimedVaultAddress } from "./address-queries.js";
import { dropIncoming, insertVaultCoin, receiveIncoming } from "./coin-queries.js";

// The vault's side of a sweep (the withdrawals module makes, signs, sends and settles it as a payout of
// purpose `sweep`): its coin, incoming from the moment the sweep is recorded, the vault's once it settles.

/** The sweep `txid` is recorded: its output `vout` to the vault is on its way (incoming). */
export async function recordSweepCoin(
  db: Db,
  sweep: { txid: string; vout: number; valueSats: bigint; vault: string; to: ClaimedVaultAddress; at: Date },
): Promise<void> {
  await insertVaultCoin(db, {
    txid: sweep.txid,
    vout: sweep.vout,
    valueSats: sweep.valueSats,
    address: sweep.to.address,
    vault: sweep.vault,
    chain: sweep.to.chain === "receive" ? 0 : 1,
    chainIndex: sweep.to.index,
    status: "incoming",
    spentBy: null,
    createdAt: sweep.at,
  });
}

/** The sweep `txid` settled: its coin is the vault's (available for a refill). Answers what it holds. */
export function receiveSweep(db: Db, txid: string): Promise<bigint> {
  return receiveIncoming(db, txid);
}

/** The sweep `txid` was refused for good: its coin never comes. */
export function forgetSweep(db: Db, txid: string): Promise<void> {
  return dropIncoming(db, txid);
}

/**
 * The newest sweeps first (those refused for good aside), with what the vault receives: its coins joined
 * with the payouts they came from (the withdrawals module's table, read only here).
 */
export async function listRecentSweeps(db: Db, limit: number): Promise<VaultSweep[]> {
  const rows = await db
    .select({
      txid: payouts.txid,
      status: payouts.status,
      minerFeeSats: payouts.minerFeeSats,
      createdAt: payouts.createdAt,
      confirmedAt: payouts.confirmedAt,
      blockHeight: payouts.blockHeight,
      amountSats: vaultCoins.valueSats,
      address: vaultCoins.address,
    })
    .from(payouts)
    .innerJoin(vaultCoins, eq(vaultCoins.txid, payouts.txid))
    .where(eq(payouts.purpose, "sweep"))
    .orderBy(desc(payouts.createdAt), desc(payouts.txid))
    .limit(limit);
  return rows.map((row) => ({
    txid: row.txid,
    status: row.status,
    amountSats: row.amountSats.toString(),
    minerFeeSats: row.minerFeeSats.toString(),
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    blockHeight: row.blockHeight,
  }));
}
