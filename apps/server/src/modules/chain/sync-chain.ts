import type { ChainBlock, ChainTransaction } from "../../bitcoin/chain/chain-backend.js";
import { DUST_LIMIT_SATS } from "../../bitcoin/payout-transaction.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { sats } from "../../domain/money.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { postTransferBatch } from "../../ledger/post-transfer-batch.js";
import { notices } from "../notifications/notices.js";
import { notify } from "../notifications/notify.js";
import {
  markChainPosition,
  markDepositCredited,
  markDepositStatus,
  recordDepositSeen,
} from "../transactions/record-transfer.js";
import { findDepositAddresses, markDepositAddressesUsed } from "../wallet/queries.js";
import { markPayoutsInBlock, unmarkPayoutsInBlock } from "../withdrawals/queries.js";
import type { ChainContext } from "./context.js";
import {
  type ChainDepositRow,
  deleteBlock,
  findCreditable,
  findDepositsInBlock,
  findDepositsOf,
  findLastBlock,
  findUnconfirmedPending,
  insertBlock,
  insertDeposit,
  insertUtxo,
  lockDepositsWithStatus,
  lockDepositWithStatus,
  setUtxoStatus,
  updateDeposit,
} from "./queries.js";

/** Deposits credited per db transaction batch of one sync (the rest wait for the next). */
const CREDIT_BATCH = 500;
/** Mempool transactions read per sync: a busy mempool is read over several syncs. */
const MEMPOOL_READS = 500;

export type SyncReport = {
  /** The height of the last block processed. */
  height: number;
  connected: number;
  disconnected: number;
  credited: number;
};

type Where = { height: number; hash: string } | null;

/**
 * One pass of the chain follower: undo the blocks that left the best chain, process the new ones in
 * order, note the payments waiting in the mempool, and credit every deposit that reached CONFIRMATIONS.
 * Each block is one db transaction, and processing a block twice changes nothing: a restart resumes from
 * the last block processed. Run by one process at a time (the worker elected by an advisory lock);
 * crediting is claimed row by row as well, so an overlap would still credit once.
 */
export async function syncChain(ctx: ChainContext): Promise<SyncReport> {
  const report: SyncReport = { height: -1, connected: 0, disconnected: 0, credited: 0 };
  const tip = await ctx.chain.tip();

  let last: Where = (await findLastBlock(ctx.db)) ?? null;
  // A reorganisation: our last blocks are no longer the chain's. Undo them, newest first, down to the
  // height where the chain agrees again.
  while (
    last !== null &&
    (last.height > tip.height || (await ctx.chain.blockHash(last.height)) !== last.hash)
  ) {
    await disconnectBlock(ctx, last.height);
    report.disconnected += 1;
    last = (await findLastBlock(ctx.db)) ?? null;
  }

  let height = last === null ? (ctx.startHeight ?? tip.height) : last.height + 1;
  while (height <= tip.height) {
    const block = await ctx.chain.block(await ctx.chain.blockHash(height));
    // The chain moved under us (a reorganisation mid-sync): the next sync starts over from the top.
    if (last !== null && block.previousHash !== last.hash) break;
    await connectBlock(ctx, block);
    report.connected += 1;
    last = { height: block.height, hash: block.hash };
    height += 1;
  }
  report.height = last?.height ?? -1;

  await readMempool(ctx);
  if (last !== null) report.credited = await creditConfirmed(ctx, last.height);
  return report;
}

/**
 * The outputs of `transactions` that pay an issued deposit address, with whose it is: one indexed query
 * for all of a block's output addresses (`npm run bench` times it on a 4,000-transaction block).
 */
export async function paymentsIn(
  db: Db,
  ctx: Pick<ChainContext, "walletKeys">,
  transactions: readonly ChainTransaction[],
) {
  const addresses = new Set<string>();
  for (const tx of transactions) {
    for (const output of tx.outputs) if (output.address !== null) addresses.add(output.address);
  }
  const owners = new Map(
    (await findDepositAddresses(db, { network: ctx.walletKeys.network, addresses: [...addresses] })).map(
      (row) => [row.address, row.userId],
    ),
  );
  const payments = [];
  for (const tx of transactions) {
    for (const output of tx.outputs) {
      const userId = output.address === null ? undefined : owners.get(output.address);
      if (userId !== undefined && output.address !== null) {
        payments.push({
          txid: tx.txid,
          vout: output.vout,
          address: output.address,
          userId,
          value: output.valueSats,
        });
      }
    }
  }
  return payments;
}

type Payment = Awaited<ReturnType<typeof paymentsIn>>[number];

/**
 * Records a payment seen for the first time: a pending deposit and the customer's pending receive (none
 * for dust), and the customer told. A payment already known is left alone: the deposit row is inserted
 * first, and only the insert that wins writes the history.
 */
async function notePayment(
  db: Db,
  ctx: ChainContext,
  payment: Payment,
  block: { height: number; hash: string } | null,
): Promise<void> {
  const at = ctx.clock.now();
  const dust = payment.value < DUST_LIMIT_SATS;
  const inserted = await insertDeposit(db, {
    txid: payment.txid,
    vout: payment.vout,
    address: payment.address,
    userId: payment.userId,
    valueSats: payment.value,
    status: dust ? "dust" : "pending",
    blockHeight: block?.height ?? null,
    blockHash: block?.hash ?? null,
    walletTransactionId: null,
    firstSeenAt: at,
    creditedAt: null,
    reorgedAt: null,
  });
  if (!inserted || dust) return;
  const history = await recordDepositSeen(db, {
    userId: payment.userId,
    amount: payment.value,
    address: payment.address,
    txid: payment.txid,
    blockHeight: block?.height ?? null,
    at,
  });
  await updateDeposit(db, payment, { walletTransactionId: history.id });
  await notify(db, {
    userId: payment.userId,
    at,
    ...notices.depositSeen({
      amount: payment.value,
      address: payment.address,
      confirmations: ctx.confirmations,
    }),
  });
}

async function connectBlock(ctx: ChainContext, block: ChainBlock): Promise<void> {
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
      const deposit = known.get(`${payment.txid}:${payment.vout}`);
      if (deposit === undefined) {
        await notePayment(db, ctx, payment, where);
        continue;
      }
      // It left the chain before it was credited and is back in a block: it counts again.
      const revived = deposit.status === "failed";
      // Credited, reorganised out, and now back: its coin is the hot wallet's again.
      const returned = deposit.status === "credited" && deposit.reorgedAt !== null;
      await updateDeposit(db, deposit, {
        blockHeight: block.height,
        blockHash: block.hash,
        ...(revived ? { status: "pending" } : {}),
        ...(returned ? { reorgedAt: null } : {}),
      });
      if (revived && deposit.walletTransactionId) {
        await markDepositStatus(db, deposit.walletTransactionId, "pending");
      }
      if (deposit.walletTransactionId)
        await markChainPosition(db, [deposit.walletTransactionId], block.height);
      if (returned) await setUtxoStatus(db, deposit, "available");
    }
    await markDepositAddressesUsed(
      db,
      payments.map((payment) => payment.address),
      ctx.clock.now(),
    );
    // The bank's own payouts in this block: their withdrawals count confirmations from here.
    const paidOut = await markPayoutsInBlock(db, {
      txids: block.transactions.map((tx) => tx.txid),
      height: block.height,
      at: ctx.clock.now(),
    });
    await markChainPosition(db, paidOut, block.height);
  });
}

/**
 * Undoes the block at `height`: its deposits wait again (a pending one may come back in another block,
 * or leave for good); a credited one is flagged for staff and its coin is not spent until it is back.
 */
async function disconnectBlock(ctx: ChainContext, height: number): Promise<void> {
  await inDbTransaction(ctx.db, async (db) => {
    for (const deposit of await findDepositsInBlock(db, height)) {
      const credited = deposit.status === "credited";
      await updateDeposit(db, deposit, {
        blockHeight: null,
        blockHash: null,
        ...(credited ? { reorgedAt: ctx.clock.now() } : {}),
      });
      if (credited) await setUtxoStatus(db, deposit, "missing");
      if (deposit.walletTransactionId) await markChainPosition(db, [deposit.walletTransactionId], null);
    }
    await markChainPosition(db, await unmarkPayoutsInBlock(db, height), null);
    await deleteBlock(db, height);
  });
}

/**
 * Payments waiting in the mempool show at once as pending; a pending deposit in no block that the node
 * no longer knows has left the network: it fails and is never credited (unless it comes back in a block).
 */
async function readMempool(ctx: ChainContext): Promise<void> {
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
      if (deposit.walletTransactionId) await markDepositStatus(db, deposit.walletTransactionId, "failed");
    });
  }
}

/**
 * Credits every pending deposit at least CONFIRMATIONS deep below `tipHeight`, up to CREDIT_BATCH per db
 * transaction and one posting batch each. Answers how many.
 */
async function creditConfirmed(ctx: ChainContext, tipHeight: number): Promise<number> {
  const deepest = tipHeight - ctx.confirmations + 1;
  let credited = 0;
  for (;;) {
    const batch = await findCreditable(ctx.db, deepest, CREDIT_BATCH);
    if (batch.length > 0) credited += await creditDeposits(ctx, batch);
    if (batch.length < CREDIT_BATCH) return credited;
  }
}

/**
 * Credits deposits in one db transaction: claims their rows (those still pending and in a block), posts
 * hot wallet to customer for each in one posting batch under the keys "deposit:<txid>:<vout>" (so the
 * ledger itself refuses a second credit), completes each customer's receive, adds each coin to the hot
 * wallet and tells each customer. Answers how many it credited.
 */
async function creditDeposits(ctx: ChainContext, deposits: readonly ChainDepositRow[]): Promise<number> {
  return inDbTransaction(ctx.db, async (db) => {
    const claimed = (await lockDepositsWithStatus(db, deposits, "pending")).filter(
      (deposit) => deposit.blockHeight !== null,
    );
    if (claimed.length === 0) return 0;
    const at = ctx.clock.now();
    const accounts = await openCustomerAccounts(db, [...new Set(claimed.map((deposit) => deposit.userId))]);
    const hotWallet = await bankAccountId(db, "hot_wallet");
    const postings = await postTransferBatch(
      db,
      claimed.map((deposit) => ({
        debit: hotWallet,
        credit: customerAccountId(accounts, deposit.userId),
        amount: sats(deposit.valueSats),
        kind: "deposit" as const,
        reference: `deposit:${deposit.txid}:${deposit.vout}`,
        idempotencyKey: `deposit:${deposit.txid}:${deposit.vout}`,
      })),
      { at },
    );
    const addresses = new Map(
      (
        await findDepositAddresses(db, {
          network: ctx.walletKeys.network,
          addresses: [...new Set(claimed.map((deposit) => deposit.address))],
        })
      ).map((row) => [row.address, row]),
    );
    for (const [index, deposit] of claimed.entries()) {
      const posting = postings[index];
      if (posting === undefined) throw new Error("The deposit's posting has no transfer");
      if (deposit.walletTransactionId)
        await markDepositCredited(db, deposit.walletTransactionId, posting.transferId);
      await updateDeposit(db, deposit, { status: "credited", creditedAt: at });
      const address = addresses.get(deposit.address);
      if (address === undefined) throw new Error(`The deposit address ${deposit.address} is not issued`);
      await insertUtxo(db, {
        txid: deposit.txid,
        vout: deposit.vout,
        valueSats: deposit.valueSats,
        address: deposit.address,
        chain: address.chain,
        chainIndex: address.chainIndex,
        status: "available",
        spentBy: null,
        createdAt: at,
      });
      await notify(db, {
        userId: deposit.userId,
        at,
        ...notices.depositCredited({ amount: deposit.valueSats, address: deposit.address }),
      });
    }
    return claimed.length;
  });
}
