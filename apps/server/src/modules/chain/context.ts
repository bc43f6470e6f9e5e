import type { Clock } from "../../adapters/clock.js";
import type { ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import type { WalletKeys } from "../../bitcoin/wallet-keys.js";
import type { Db } from "../../db/client.js";

/** A block the follower processed, as its listeners hear of it. */
export type ConnectedBlock = { height: number; txids: readonly string[]; at: Date };

/**
 * Told of each block the follower processes or undoes, inside that block's db transaction, so what it
 * writes commits with the block or not at all: the withdrawals module notes which of the bank's payouts
 * a block holds. The follower knows nothing of payouts; it only says what happened to the chain.
 */
export type BlockListener = {
  connected(db: Db, block: ConnectedBlock): Promise<void>;
  disconnected(db: Db, height: number): Promise<void>;
};

/** What the chain follower works with. */
export type ChainContext = {
  db: Db;
  clock: Clock;
  chain: ChainBackend;
  /** The bank's wallet and its network: whose addresses a payment may be to. */
  walletKeys: WalletKeys;
  /** Confirmations a deposit needs before it is credited (CONFIRMATIONS). */
  confirmations: number;
  /**
   * The first height to read when the follower has read nothing yet; null: the chain's tip at that moment
   * (a new bank on mainnet has no deposits in older blocks).
   */
  startHeight: number | null;
  /**
   * The mempool transactions this process has read already (the worker keeps one set for its life):
   * each pass reads at most 500 new ones, so a large mempool is read over several passes, not the same
   * 500 again. Without it, a pass reads the mempool as if new.
   */
  mempoolRead?: Set<string>;
  /** Told of every block processed and undone (the worker passes the withdrawals module's). */
  blockListeners: readonly BlockListener[];
};
