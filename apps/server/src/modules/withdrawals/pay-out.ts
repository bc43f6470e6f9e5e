import { BroadcastRejected, ChainBackendError } from "../../bitcoin/chain/chain-backend.js";
import { CHANGE_CHAIN, deriveAddress } from "../../bitcoin/keys.js";
import {
  type Change,
  type CoinChoice,
  chooseCoins,
  outputScript,
  signPayout,
} from "../../bitcoin/payout-transaction.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { claimNextIndex } from "../addresses/index.js";
import { claimAvailableUtxos, lockUtxosFor } from "../chain/index.js";
import { markWithdrawalsBroadcast, markWithdrawalsSigned } from "../transactions/index.js";
import type { PayoutContext } from "./context.js";
import {
  anyQueuedWithdrawal,
  claimQueuedWithdrawals,
  findWithdrawalsOf,
  insertPayout,
  markPayoutBroadcast,
  markWithdrawalSent,
  type PayoutRow,
  type WithdrawalRow,
} from "./queries.js";
import { failPayout } from "./settle-payout.js";

/** Withdrawals one payout pays at most: a batch keeps fees down, a bound keeps the transaction standard. */
const PAYOUT_BATCH = 100;
/** Coins considered for one payout: the largest ones, so a few cover the batch. */
const COIN_CANDIDATES = 500;
/** A payout asks the backend for the fee rate that confirms within this many blocks. */
const DEFAULT_FEE_TARGET_BLOCKS = 3;

export type PayOutReport =
  /** Nothing was queued. */
  | { outcome: "idle" }
  /** The hot wallet's confirmed coins do not cover the oldest queued withdrawal: they wait. */
  | { outcome: "short"; queued: number }
  | { outcome: "paid"; txid: string; withdrawals: number; broadcast: BroadcastOutcome };

/**
 * Pays the queued withdrawals, oldest first, in one payout: claims them and the hot wallet's confirmed
 * coins (row locks, skipping what another payout holds, so no coin is ever picked twice), chooses coins at
 * the backend's fee rate, signs, and RECORDS the signed transaction with its withdrawals and coins in one
 * db transaction; only then broadcasts. A crash after the record sends the same bytes at the next pass
 * (`trackPayouts`), never a new transaction. Withdrawals the coins cannot cover wait, newest first.
 */
export async function payOutQueued(ctx: PayoutContext): Promise<PayOutReport> {
  // Asked before the db transaction, so no row stays locked while the backend answers; and only when
  // something waits, so an idle bank does not ask the backend at every pass.
  if (!(await anyQueuedWithdrawal(ctx.db))) return { outcome: "idle" };
  const feeRate = await ctx.chain.feeRate(ctx.feeTargetBlocks ?? DEFAULT_FEE_TARGET_BLOCKS);
  const made = await inDbTransaction(ctx.db, async (db): Promise<PayOutReport | Made> => {
    const queued = await claimQueuedWithdrawals(db, PAYOUT_BATCH);
    if (queued.length === 0) return { outcome: "idle" };
    const coins = await claimAvailableUtxos(db, COIN_CANDIDATES);
    // Every change output pays a P2WPKH address of the wallet: any one has the script's size.
    const changeScript = outputScript(
      deriveAddress(ctx.walletKeys.account, ctx.walletKeys.network, CHANGE_CHAIN, 0),
      ctx.walletKeys,
    );
    const { batch, choice } = largestPayableBatch(queued, (withdrawals) =>
      chooseCoins({
        coins,
        paymentScripts: withdrawals.map((w) => outputScript(w.address, ctx.walletKeys)),
        amountSats: withdrawals.reduce((sum, w) => sum + w.amountSats, 0n),
        changeScript,
        feeRate,
      }),
    );
    if (choice === null) return { outcome: "short", queued: queued.length };

    const index = await claimNextIndex(db, { network: ctx.walletKeys.network, chain: CHANGE_CHAIN });
    const change: Change = {
      address: deriveAddress(ctx.walletKeys.account, ctx.walletKeys.network, CHANGE_CHAIN, index),
      chain: CHANGE_CHAIN,
      index,
    };
    const signed = signPayout({
      keys: ctx.walletKeys,
      choice,
      payments: batch.map((w) => ({ address: w.address, amountSats: w.amountSats })),
      change,
    });
    const payout: PayoutRow = {
      txid: signed.txid,
      hex: signed.hex,
      status: "signed",
      purpose: "withdrawals",
      minerFeeSats: choice.minerFee,
      vsize: signed.vsize,
      changeVout: signed.changeVout,
      changeSats: choice.changeSats,
      changeAddress: signed.changeVout === null ? null : change.address,
      changeIndex: signed.changeVout === null ? null : change.index,
      blockHeight: null,
      failure: null,
      createdAt: ctx.clock.now(),
      broadcastAt: null,
      confirmedAt: null,
    };
    await insertPayout(db, payout);
    await lockUtxosFor(db, payout.txid, choice.coins);
    for (const [i, withdrawal] of batch.entries()) {
      const vout = signed.paymentVouts[i];
      if (vout === undefined) throw new Error(`The payout has no output for withdrawal ${withdrawal.id}`);
      await markWithdrawalSent(db, { id: withdrawal.id, payoutTxid: payout.txid, payoutVout: vout });
    }
    await markWithdrawalsSigned(
      db,
      batch.map((w) => w.id),
      payout.txid,
    );
    return { payout, withdrawals: batch.length };
  });
  if ("outcome" in made) return made;
  return {
    outcome: "paid",
    txid: made.payout.txid,
    withdrawals: made.withdrawals,
    broadcast: await broadcastPayout(ctx, made.payout),
  };
}

type Made = { payout: PayoutRow; withdrawals: number };

/** The oldest withdrawals the coins cover: all of them, else fewer, dropping the newest first. */
function largestPayableBatch(
  queued: readonly WithdrawalRow[],
  choose: (batch: readonly WithdrawalRow[]) => CoinChoice | null,
): { batch: readonly WithdrawalRow[]; choice: CoinChoice | null } {
  for (let size = queued.length; size > 0; size--) {
    const batch = queued.slice(0, size);
    const choice = choose(batch);
    if (choice !== null) return { batch, choice };
  }
  return { batch: [], choice: null };
}

export type BroadcastOutcome =
  /** The backend holds it (in its mempool or a block). */
  | { outcome: "broadcast" }
  /** Refused for good: its withdrawals were reversed. */
  | { outcome: "failed"; reason: string }
  /** Not sent now (the backend is down, or refused it for a reason that may pass): the next pass tries again. */
  | { outcome: "waiting"; reason: string };

/**
 * Sends a recorded payout's bytes to the network. Refused for good, it fails: its withdrawals are reversed
 * and its coins freed. The backend down, or a refusal that may pass (a full mempool, too low a fee): it
 * stays as it is, and the next pass sends the same bytes again.
 */
export async function broadcastPayout(
  ctx: PayoutContext,
  payout: Pick<PayoutRow, "txid" | "hex">,
): Promise<BroadcastOutcome> {
  try {
    await ctx.chain.broadcast(payout.hex);
  } catch (error) {
    if (error instanceof BroadcastRejected && error.permanent) {
      await failPayout(ctx, payout.txid, error.reason);
      return { outcome: "failed", reason: error.reason };
    }
    if (error instanceof BroadcastRejected || error instanceof ChainBackendError)
      return { outcome: "waiting", reason: error.message };
    throw error;
  }
  await inDbTransaction(ctx.db, async (db) => {
    await markPayoutBroadcast(db, payout.txid, ctx.clock.now());
    await markWithdrawalsBroadcast(
      db,
      (await findWithdrawalsOf(db, payout.txid)).map((w) => w.id),
    );
  });
  return { outcome: "broadcast" };
}
