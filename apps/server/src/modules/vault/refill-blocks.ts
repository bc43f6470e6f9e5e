import type { BlockListener } from "../chain/index.js";
import { markRefillsInBlock, unmarkRefillsInBlock } from "./refill-queries.js";

/**
 * The follower's news of blocks, for the refills: a refill in a processed block counts its confirmations
 * from it; a block undone sends it back to waiting. Written in the block's db transaction.
 */
export const refillBlocks: BlockListener = {
  async connected(db, block) {
    await markRefillsInBlock(db, block);
  },
  async disconnected(db, height) {
    await unmarkRefillsInBlock(db, height);
  },
};
