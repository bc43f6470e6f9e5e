import type { BlockListener } from "../chain/index.js";
import {
  markChainPosition,
  markWithdrawalsBroadcast,
  markWithdrawalsRemined,
  markWithdrawalsReorganised,
} from "../transactions/index.js";
import { markPayoutsInBlock, unmarkPayoutsInBlock } from "./queries.js";

/**
 * The follower's news of blocks, for the payouts: the bank's payouts in a processed block count their
 * confirmations from it, and so do their withdrawals' transactions; a block undone sends them back to
 * waiting. A payout settled before its block was undone stays settled in the ledger, but its withdrawals
 * show pending until a block holds it again. Written in the block's db transaction.
 */
export const payoutBlocks: BlockListener = {
  async connected(db, block) {
    const paid = await markPayoutsInBlock(db, block);
    await markChainPosition(db, paid.withdrawalIds, block.height);
    await markWithdrawalsBroadcast(db, paid.withdrawalIds);
    await markWithdrawalsRemined(db, paid.settledWithdrawalIds, block.at);
  },
  async disconnected(db, height) {
    const undone = await unmarkPayoutsInBlock(db, height);
    await markChainPosition(db, undone.withdrawalIds, null);
    await markWithdrawalsReorganised(db, undone.settledWithdrawalIds);
  },
};
