import type { BlockListener } from "../chain/index.js";
import { markChainPosition, markWithdrawalsBroadcast } from "../transactions/index.js";
import { markPayoutsInBlock, unmarkPayoutsInBlock } from "./queries.js";

/**
 * The follower's news of blocks, for the payouts: the bank's payouts in a processed block count their
 * confirmations from it, and so do their withdrawals' transactions; a block undone sends them back to
 * waiting. Written in the block's db transaction.
 */
export const payoutBlocks: BlockListener = {
  async connected(db, block) {
    const paid = await markPayoutsInBlock(db, block);
    await markChainPosition(db, paid, block.height);
    await markWithdrawalsBroadcast(db, paid);
  },
  async disconnected(db, height) {
    await markChainPosition(db, await unmarkPayoutsInBlock(db, height), null);
  },
};
