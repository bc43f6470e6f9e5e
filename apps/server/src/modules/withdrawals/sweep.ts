import { CHANGE_CHAIN, deriveAddress } from "../../bitcoin/keys.js";
import { type Change, outputScript, signPayout } from "../../bitcoin/payout-transaction.js";
import { chooseSweep } from "../../bitcoin/sweep-transaction.js";
import { vaultOutput } from "../../bitcoin/vault/index.js";
import { ADVISORY_LOCKS, lockForTransaction } from "../../db/advisory-lock.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { claimNextIndex } from "../addresses/index.js";
import { claimAvailableUtxos, lockUtxosFor, sumUtxos } from "../chain/index.js";
import {
  bankSurplus,
  claimVaultAddress,
  recordSweepCoin,
  type VaultSettings,
  vaultId,
} from "../vault/index.js";
import type { PayoutContext } from "./context.js";
import { type BroadcastOutcome, broadcastPayout } from "./pay-out.js";
import { findOpenSweep, insertPayout, type PayoutRow, waitingWithdrawalSats } from "./queries.js";

/** Coins one sweep chooses from: the largest (a sweep of them all takes one transaction of ~70 kvB). */
export const SWEEP_CANDIDATES = 1_000;
/** A sweep asks the backend for the fee rate that confirms within this many blocks (it is not urgent). */
const SWEEP_FEE_TARGET_BLOCKS = 6;

export type SweepContext = PayoutContext & { vault: VaultSettings };

export type SweepReport =
  /** No vault, or the hot wallet holds no more than its max (beside what waiting withdrawals will take). */
  | { outcome: "idle" }
  /** A sweep is on its way already: the next comes after it settles. */
  | { outcome: "pending"; txid: string }
  /** Above the max, but the coins cannot make a sweep worth more than dust after its fee. */
  | { outcome: "short" }
  /**
   * Above the max, but the bank's own money cannot pay the sweep's miner fee (it would leave fewer coins
   * than the bank owes, and the watchdog would pause payouts): it waits for fee revenue or capital.
   */
  | { outcome: "unaffordable"; minerFeeSats: bigint; surplusSats: bigint }
  | {
      outcome: "swept";
      txid: string;
      amountSats: bigint;
      minerFeeSats: bigint;
      inputs: number;
      broadcast: BroadcastOutcome;
    };

type Made = { payout: PayoutRow; amountSats: bigint; inputs: number };

/**
 * After the payouts of a pass: when the hot wallet's confirmed available coins, less what the withdrawals
 * not yet paid out will take (held, awaiting approval, queued), exceed HOT_WALLET_MAX_SATS, moves the excess
 * over HOT_WALLET_TARGET_SATS (and those withdrawals) to the next receive address of the cold vault, in one
 * transaction the hot key signs: a payout of purpose `sweep`, no withdrawals. In one db transaction under
 * the sweep's advisory lock (one sweep decided at a time; none while one is on its way): the coins are
 * claimed as payOutQueued claims them (`for update skip locked`: never a coin a payout holds), chosen by the
 * payouts' selector, signed, and recorded with its coins locked and the vault's coin incoming; only then
 * broadcast (unless the bank's own money cannot pay its miner fee). Tracked, rebroadcast and settled by
 * trackPayouts like any payout.
 */
export async function sweepHotWallet(ctx: SweepContext): Promise<SweepReport> {
  const { coldVault: vault, hotWalletMaxSats, hotWalletTargetSats } = ctx.vault;
  if (vault === null) return { outcome: "idle" };
  // Cheap reads first, outside a db transaction: an idle bank asks the backend for nothing.
  const open = await findOpenSweep(ctx.db);
  if (open !== undefined) return { outcome: "pending", txid: open.txid };
  const over = async (db: PayoutContext["db"]) =>
    (await sumUtxos(db)).available - (await waitingWithdrawalSats(db)) - hotWalletTargetSats;
  if ((await over(ctx.db)) + hotWalletTargetSats <= hotWalletMaxSats) return { outcome: "idle" };
  const feeRate = await ctx.chain.feeRate(SWEEP_FEE_TARGET_BLOCKS);
  const made = await inDbTransaction(ctx.db, async (db): Promise<SweepReport | Made> => {
    await lockForTransaction(db, ADVISORY_LOCKS.sweep);
    const again = await findOpenSweep(db);
    if (again !== undefined) return { outcome: "pending", txid: again.txid };
    const coins = await claimAvailableUtxos(db, SWEEP_CANDIDATES);
    const excess = await over(db);
    if (excess + hotWalletTargetSats <= hotWalletMaxSats) return { outcome: "idle" };
    const held = coins.reduce((sum, coin) => sum + coin.valueSats, 0n);
    const keys = ctx.walletKeys;
    const choice = chooseSweep({
      coins,
      sweepSats: excess < held ? excess : held,
      // Every vault address is a P2WSH and every change address a P2WPKH: any one has the output's size.
      vaultScript: vaultOutput(vault, "receive", 0).script,
      changeScript: outputScript(deriveAddress(keys.account, keys.network, CHANGE_CHAIN, 0), keys),
      feeRate,
    });
    if (choice === null) return { outcome: "short" };
    const surplus = await bankSurplus(db);
    if (surplus < choice.minerFee)
      return { outcome: "unaffordable", minerFeeSats: choice.minerFee, surplusSats: surplus };
    const at = ctx.clock.now();
    const to = await claimVaultAddress(db, vault, "receive", at);
    const index =
      choice.changeSats === null
        ? 0
        : await claimNextIndex(db, { network: keys.network, chain: CHANGE_CHAIN });
    const change: Change = {
      address: deriveAddress(keys.account, keys.network, CHANGE_CHAIN, index),
      chain: CHANGE_CHAIN,
      index,
    };
    const signed = signPayout({
      keys,
      choice,
      payments: [{ address: to.address, amountSats: choice.vaultSats }],
      change,
    });
    const payout: PayoutRow = {
      txid: signed.txid,
      hex: signed.hex,
      status: "signed",
      purpose: "sweep",
      minerFeeSats: choice.minerFee,
      vsize: signed.vsize,
      changeVout: signed.changeVout,
      changeSats: choice.changeSats,
      changeAddress: signed.changeVout === null ? null : change.address,
      changeIndex: signed.changeVout === null ? null : change.index,
      blockHeight: null,
      failure: null,
      createdAt: at,
      broadcastAt: null,
      confirmedAt: null,
    };
    await insertPayout(db, payout);
    await lockUtxosFor(db, payout.txid, choice.coins);
    const vout = signed.paymentVouts[0];
    if (vout === undefined) throw new Error("The sweep has no output to the vault");
    await recordSweepCoin(db, {
      txid: payout.txid,
      vout,
      valueSats: choice.vaultSats,
      vault: vaultId(vault),
      to,
      at,
    });
    return { payout, amountSats: choice.vaultSats, inputs: choice.coins.length };
  });
  if ("outcome" in made) return made;
  return {
    outcome: "swept",
    txid: made.payout.txid,
    amountSats: made.amountSats,
    minerFeeSats: made.payout.minerFeeSats,
    inputs: made.inputs,
    broadcast: await broadcastPayout(ctx, made.payout),
  };
}
