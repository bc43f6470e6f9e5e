import { connectBlock } from "./connect-block.js";
import type { ChainContext } from "./context.js";
import { creditConfirmed } from "./credit-deposits.js";
import { disconnectBlock } from "./disconnect-block.js";
import { findLastBlock } from "./queries.js";
import { readMempool } from "./read-mempool.js";

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
