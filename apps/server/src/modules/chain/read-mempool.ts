import { inDbTransaction } from "../../db/db-transaction.js";
import { markDepositAddressesUsed } from "../addresses/index.js";
import { markDepositStatus } from "../transactions/index.js";
import type { ChainContext } from "./context.js";
import { notePayment, paymentsIn } from "./payments.js";
import { findDepositsOf, findUnconfirmedPending, lockDepositWithStatus, updateDeposit } from "./queries.js";

/** Mempool transactions read per sync: a busy mempool is read over several syncs. */
const MEMPOOL_READS = 500;

/**
 * Payments waiting in the mempool show at once as pending; a pending deposit in no block that the node
 * no longer knows has left the network: it fails and is never credited (unless it comes back in a block).
 */
export async function readMempool(ctx: ChainContext): Promise<void> {
  const mempool = await ctx.chain.mempoolTxids();
  const read = ctx.mempoolRead ?? new Set<string>();
  // Forget what left the mempool, so the memory follows the mempool's size.
  const waiting = new Set(mempool);
  for (const txid of read) if (!waiting.has(txid)) read.delete(txid);
  const unread = mempool.filter((txid) => !read.has(txid)).slice(0, MEMPOOL_READS);
  const known = new Set((await findDepositsOf(ctx.db, unread)).map((row) => row.txid));
  for (const txid of unread) {
    read.add(txid);
    if (known.has(txid)) continue;
    const tx = await ctx.chain.transaction(txid);
    if (tx === null) continue;
    await inDbTransaction(ctx.db, async (db) => {
      const payments = await paymentsIn(db, ctx, [tx]);
      for (const payment of payments) await notePayment(db, ctx, payment, null);
      await markDepositAddressesUsed(
        db,
        payments.map((payment) => payment.address),
        ctx.clock.now(),
      );
    });
  }

  const inMempool = new Set(mempool);
  for (const deposit of await findUnconfirmedPending(ctx.db)) {
    if (inMempool.has(deposit.txid)) continue;
    if ((await ctx.chain.transactionStatus(deposit.txid)) !== null) continue;
    await inDbTransaction(ctx.db, async (db) => {
      const still = await lockDepositWithStatus(db, deposit, "pending");
      if (still === undefined || still.blockHeight !== null) return;
      await updateDeposit(db, deposit, { status: "failed" });
      if (deposit.transactionId)
        await markDepositStatus(db, deposit.transactionId, "failed", ctx.clock.now());
    });
  }
}
