import { eq, inArray } from "drizzle-orm";
import type { ChainBackend, OutputState } from "../../bitcoin/chain/chain-backend.js";
import type { Db } from "../../db/client.js";
import {
  type SolvencyProblem,
  type VaultCoinStatus,
  vaultCoins,
  vaultRefills,
} from "../../db/schema/index.js";
import { bankBalance } from "../../ledger/accounts.js";
import { vaultCoinTotals } from "./coin-queries.js";

// The vault's coins as reserves: what the solvency watchdog verifies with the chain backend, and the
// books' invariant that the cold vault's ledger account equals its coins.

/** A vault coin the bank counts as on its way in or its own. */
export type VaultReserveCoin = {
  txid: string;
  vout: number;
  valueSats: bigint;
  /**
   * incoming: a sweep's output not yet settled (its hot coins are still the hot wallet's, locked by the
   * sweep: count one or the other, never both); available; locked by a refill not yet settled.
   */
  status: Extract<VaultCoinStatus, "incoming" | "available" | "locked">;
  /** The transaction that moves it: the sweep making it (incoming), the refill spending it (locked). */
  movedBy: string | null;
};

/** The vault's coins that count (incoming, available, locked), oldest first, every vault the bank had. */
export async function listVaultReserveCoins(db: Db): Promise<VaultReserveCoin[]> {
  const rows = await db
    .select({
      txid: vaultCoins.txid,
      vout: vaultCoins.vout,
      valueSats: vaultCoins.valueSats,
      status: vaultCoins.status,
      refillTxid: vaultRefills.txid,
    })
    .from(vaultCoins)
    .leftJoin(vaultRefills, eq(vaultRefills.id, vaultCoins.spentBy))
    .where(inArray(vaultCoins.status, ["incoming", "available", "locked"]))
    .orderBy(vaultCoins.createdAt, vaultCoins.txid, vaultCoins.vout);
  return rows.map((row) => ({
    txid: row.txid,
    vout: row.vout,
    valueSats: row.valueSats,
    status: row.status as VaultReserveCoin["status"],
    movedBy: row.status === "incoming" ? row.txid : row.refillTxid,
  }));
}

const sat = (amount: bigint) => `${amount.toLocaleString("en-US")} sat`;

/**
 * What a vault coin adds to the reserves as the chain shows it, and what is wrong with it. An unspent,
 * confirmed output counts its value as the chain says; a coin locked by a refill the backend knows counts
 * in full (the refill spends it to the hot wallet and the vault's change); anything else counts nothing.
 */
export function vaultCoinVerdict(
  coin: VaultReserveCoin,
  state: OutputState,
  refillKnown: boolean,
): { backedSats: bigint; problem: SolvencyProblem | null } {
  const name = `The vault's coin ${coin.txid}:${coin.vout} (${sat(coin.valueSats)})`;
  if (coin.status === "locked" && refillKnown) return { backedSats: coin.valueSats, problem: null };
  if (state.state === "unspent" && state.confirmations >= 1) {
    if (state.valueSats === coin.valueSats) return { backedSats: state.valueSats, problem: null };
    return {
      backedSats: state.valueSats,
      problem: {
        code: "vault_coin_value_mismatch",
        message: `${name} holds ${sat(state.valueSats)} on the chain.`,
      },
    };
  }
  if (state.state === "unspent") {
    return {
      backedSats: 0n,
      problem: {
        code: "vault_coin_unconfirmed",
        message: `${name} is in no block: it counts once it confirms.`,
      },
    };
  }
  if (state.state === "spent") {
    return {
      backedSats: 0n,
      problem: {
        code: "vault_coin_spent",
        message: `${name} was spent by a transaction the bank did not make.`,
      },
    };
  }
  return { backedSats: 0n, problem: { code: "vault_coin_missing", message: `${name} is not on the chain.` } };
}

/**
 * The solvency watchdog's port for the vault (`VaultReserves`): the vault's own coins (available, and
 * locked by a refill) asked of the chain backend in one call, never as the books say. A sweep's incoming
 * coin is not counted here: the hot wallet's coins it spends still count there until it settles.
 */
export function vaultReserves(
  chain: Pick<ChainBackend, "outputs" | "transactionStatus">,
): (db: Db) => Promise<{ vaultSats: bigint; problems: SolvencyProblem[] }> {
  return async (db) => {
    const coins = (await listVaultReserveCoins(db)).filter((coin) => coin.status !== "incoming");
    if (coins.length === 0) return { vaultSats: 0n, problems: [] };
    const states = await chain.outputs(coins);
    const known = new Set<string>();
    const refills = new Set(
      coins.flatMap((coin) => (coin.status === "locked" && coin.movedBy ? [coin.movedBy] : [])),
    );
    for (const txid of refills) if ((await chain.transactionStatus(txid)) !== null) known.add(txid);
    const verdicts = coins.map((coin, i) =>
      vaultCoinVerdict(
        coin,
        states[i] ?? { state: "unknown" },
        coin.movedBy !== null && known.has(coin.movedBy),
      ),
    );
    return {
      vaultSats: verdicts.reduce((sum, verdict) => sum + verdict.backedSats, 0n),
      problems: verdicts.flatMap((verdict) => (verdict.problem === null ? [] : [verdict.problem])),
    };
  };
}

export type ColdVaultReconciliation = {
  /** What the ledger says the vault holds (the size of the cold_vault account's balance). */
  ledgerSats: bigint;
  /** The vault's coins that are the bank's: available, locked by a refill, or out of the chain. */
  coinsSats: bigint;
  matches: boolean;
};

/**
 * The books' invariant for the vault, as for the hot wallet: the cold vault's ledger account equals its
 * coins. A sweep adds both when it settles (its coin was incoming until then); a refill takes its coins
 * and adds its change when it settles, as its posting moves the ledger.
 */
export async function reconcileColdVault(db: Db): Promise<ColdVaultReconciliation> {
  const [balance, coins] = await Promise.all([bankBalance(db, "cold_vault"), vaultCoinTotals(db, null)]);
  const ledgerSats = -balance;
  const coinsSats = coins.available.sats + coins.locked.sats + coins.missing.sats;
  return { ledgerSats, coinsSats, matches: ledgerSats === coinsSats };
}
