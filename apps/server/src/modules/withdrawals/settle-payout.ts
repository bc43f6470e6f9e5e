import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { sats } from "../../domain/money.js";
import { bankAccountId } from "../../ledger/accounts.js";
import { postTransfers } from "../../ledger/post-transfers.js";
import { insertUtxo, releaseUtxosOf, spendUtxosOf } from "../chain/index.js";
import { notices, notify, notifyEach, withdrawalNotices } from "../notifications/index.js";
import { markWithdrawalsFinished } from "../transactions/index.js";
import { forgetSweep, receiveSweep } from "../vault/index.js";
import type { PayoutContext } from "./context.js";
import {
  findWithdrawalsOf,
  finishWithdrawals,
  lockOpenPayout,
  type PayoutRow,
  updatePayout,
  type WithdrawalRow,
} from "./queries.js";
import { reverseWithdrawals } from "./reverse-withdrawal.js";

/** A payout's posting (`payout:<txid>`): its withdrawals out of clearing and its miner fee as the bank's expense. */
async function postPayout(db: Db, payout: PayoutRow, withdrawals: readonly WithdrawalRow[], at: Date) {
  const paid = withdrawals.reduce((sum, w) => sum + w.amountSats, 0n);
  const hotWallet = await bankAccountId(db, "hot_wallet");
  const reference = `payout:${payout.txid}`;
  await postTransfers(
    db,
    [
      {
        debit: await bankAccountId(db, "withdrawal_clearing"),
        credit: hotWallet,
        amount: sats(paid),
        kind: "payout",
        reference,
      },
      {
        debit: await bankAccountId(db, "miner_fees"),
        credit: hotWallet,
        amount: sats(payout.minerFeeSats),
        kind: "miner_fee",
        reference,
      },
    ],
    { idempotencyKey: reference, at },
  );
}

/**
 * A sweep's posting (`sweep:<txid>`): what its coin brings the cold vault, from the hot wallet
 * (`vault_sweep`), and its miner fee as the bank's expense; the vault's coin is available from now on.
 */
async function postSweep(db: Db, payout: PayoutRow, at: Date) {
  const swept = await receiveSweep(db, payout.txid);
  if (swept <= 0n) throw new Error(`The sweep ${payout.txid} has no coin on its way to the vault`);
  const hotWallet = await bankAccountId(db, "hot_wallet");
  const reference = `sweep:${payout.txid}`;
  await postTransfers(
    db,
    [
      {
        debit: await bankAccountId(db, "cold_vault"),
        credit: hotWallet,
        amount: sats(swept),
        kind: "vault_sweep",
        reference,
      },
      {
        debit: await bankAccountId(db, "miner_fees"),
        credit: hotWallet,
        amount: sats(payout.minerFeeSats),
        kind: "miner_fee",
        reference,
      },
    ],
    { idempotencyKey: reference, at },
  );
}

/**
 * The payout is CONFIRMATIONS deep, in one db transaction: claims it (still open), posts its withdrawals
 * out of clearing (a sweep: what it brings the cold vault) and its miner fee as the bank's expense against
 * the hot wallet (whose ledger balance then equals its coins again: the spent coins go, the change comes),
 * completes its withdrawals (a sweep's coin becomes the vault's) and tells each of their customers that
 * theirs is confirmed (its "sent" notice was pending). Answers false when it was settled or failed already.
 */
export async function settlePayout(
  ctx: Pick<PayoutContext, "db" | "clock" | "confirmations">,
  txid: string,
): Promise<boolean> {
  return inDbTransaction(ctx.db, async (db) => {
    const payout = await lockOpenPayout(db, txid);
    if (payout === undefined) return false;
    const at = ctx.clock.now();
    const withdrawals = await findWithdrawalsOf(db, txid);
    if (payout.purpose === "sweep") await postSweep(db, payout, at);
    else await postPayout(db, payout, withdrawals, at);
    await spendUtxosOf(db, txid);
    if (payout.changeVout !== null && payout.changeSats !== null && payout.changeAddress !== null) {
      await insertUtxo(db, {
        txid,
        vout: payout.changeVout,
        valueSats: payout.changeSats,
        address: payout.changeAddress,
        chain: 1,
        chainIndex: payout.changeIndex ?? 0,
        status: "available",
        spentBy: null,
        createdAt: at,
      });
    }
    await finishWithdrawals(db, txid, "completed", at);
    await markWithdrawalsFinished(
      db,
      withdrawals.map((w) => w.id),
      { status: "completed", at },
    );
    await notifyEach(
      db,
      withdrawals.map((w) => ({
        userId: w.userId,
        at,
        ...withdrawalNotices.confirmed({
          amount: w.amountSats,
          fee: w.feeSats,
          address: w.address,
          confirmations: ctx.confirmations,
        }),
      })),
    );
    await updatePayout(db, txid, { status: "confirmed", confirmedAt: at });
    return true;
  });
}

/**
 * The network refused the payout for good, in one db transaction: claims it (still open), gives each of
 * its withdrawals' customers their amount and fee back (a posting each, under the key
 * "withdrawal-reversal:<id>"), marks their transactions failed, tells each customer, and frees its coins.
 * Answers false when it was settled or failed already.
 */
export async function failPayout(
  ctx: Pick<PayoutContext, "db" | "clock">,
  txid: string,
  reason: string,
): Promise<boolean> {
  return inDbTransaction(ctx.db, async (db) => {
    const payout = await lockOpenPayout(db, txid);
    if (payout === undefined) return false;
    const at = ctx.clock.now();
    const withdrawals = await findWithdrawalsOf(db, txid);
    await reverseWithdrawals(db, withdrawals, at);
    for (const withdrawal of withdrawals) {
      await notify(db, {
        userId: withdrawal.userId,
        at,
        ...notices.withdrawalFailed({
          amount: withdrawal.amountSats,
          fee: withdrawal.feeSats,
          address: withdrawal.address,
        }),
      });
    }
    await releaseUtxosOf(db, txid);
    if (payout.purpose === "sweep") await forgetSweep(db, txid);
    await finishWithdrawals(db, txid, "failed", at);
    await markWithdrawalsFinished(
      db,
      withdrawals.map((w) => w.id),
      { status: "failed", at },
    );
    await updatePayout(db, txid, { status: "failed", failure: reason.slice(0, 500) });
    return true;
  });
}
