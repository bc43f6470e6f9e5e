import type { ChainBlock } from "../../bitcoin/chain/chain-backend.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { markDepositAddressesUsed } from "../addresses/index.js";
import { markChainPosition, markDepositStatus } from "../transactions/index.js";
import type { ChainContext } from "./context.js";
import { releaseDeposit } from "./deposit-holds.js";
import { notePayment, paymentsIn } from "./payments.js";
import { findDepositsOf, insertBlock, lockDeposit, updateDeposit } from "./queries.js";
import { setUtxoStatus } from "./utxo-queries.js";

/**
 * Processes one block in one db transaction: its row (a block seen before changes nothing), every payment
 * in it to an issued deposit address (new ones noted, known ones placed in this block), the addresses marked
 * used, and the block listeners told (the payouts it holds).
 */
export async function connectBlock(ctx: ChainContext, block: ChainBlock): Promise<void> {
  await inDbTransaction(ctx.db, async (db) => {
    const fresh = await insertBlock(db, {
      height: block.height,
      hash: block.hash,
      previousHash: block.previousHash,
      processedAt: ctx.clock.now(),
    });
    if (!fresh) return;
    const payments = await paymentsIn(db, ctx, block.transactions);
    const known = new Map(
      (await findDepositsOf(db, [...new Set(payments.map((p) => p.txid))])).map((row) => [
        `${row.txid}:${row.vout}`,
        row,
      ]),
    );
    const where = { height: block.height, hash: block.hash };
    for (const payment of payments) {
      const seen = known.get(`${payment.txid}:${payment.vout}`);
      if (seen === undefined) {
        await notePayment(db, ctx, payment, where);
        continue;
      }
      // A reorganised one is read again under its lock: staff may be resolving it.
      const deposit = seen.reorgedAt === null ? seen : ((await lockDeposit(db, seen)) ?? seen);
      // It left the chain before it was credited and is back in a block: it counts again.
      const revived = deposit.status === "failed";
      // Credited, reorganised out, and now back (staff did not resolve it): its coin is the hot wallet's
      // again, and its hold is released. (One staff resolved stays resolved: its coin is written off.)
      const returned =
        deposit.status === "credited" && deposit.reorgedAt !== null && deposit.resolution === null;
      await updateDeposit(db, deposit, {
        blockHeight: block.height,
        blockHash: block.hash,
        ...(revived ? { status: "pending" } : {}),
        ...(returned ? { reorgedAt: null } : {}),
      });
      if (revived && deposit.transactionId) {
        await markDepositStatus(db, deposit.transactionId, "pending", ctx.clock.now());
      }
      if (deposit.transactionId) await markChainPosition(db, [deposit.transactionId], block.height);
      if (returned) {
        await setUtxoStatus(db, deposit, "available");
        await releaseDeposit(db, deposit, ctx.clock.now());
      }
    }
    await markDepositAddressesUsed(
      db,
      payments.map((payment) => payment.address),
      ctx.clock.now(),
    );
    // The bank's own payouts in this block: their withdrawals count confirmations from here.
    const connected = {
      height: block.height,
      txids: block.transactions.map((tx) => tx.txid),
      at: ctx.clock.now(),
    };
    for (const listener of ctx.blockListeners) await listener.connected(db, connected);
  });
}
