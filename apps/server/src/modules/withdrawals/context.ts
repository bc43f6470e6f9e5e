import type { ChainContext } from "../chain/index.js";

/** What the payouts work with: the chain follower's context (the database, the backend, the wallet). */
export type PayoutContext = Pick<ChainContext, "db" | "clock" | "chain" | "walletKeys" | "confirmations"> & {
  /** The fee rate asked for: confirm within this many blocks (the backend's estimate). */
  feeTargetBlocks?: number;
};
