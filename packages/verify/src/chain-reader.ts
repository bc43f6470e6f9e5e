// What the verifier asks of a chain backend (chain.ts picks one, chain-esplora.ts and chain-core-rpc.ts
// are the two kinds), and the words it answers in.

/** A coin the reserves proof spends: its outpoint, and the value and output script the proof states. */
export type StatedCoin = { txid: string; vout: number; valueSats: bigint; script: Uint8Array };
export type StatedBlock = { height: number; hash: string };
export type Outpoint = { txid: string; vout: number };

/** Where a coin's spend is, as far as the backend can tell. */
export type CoinSpend =
  /** No transaction in a block spends it (a spend waiting in the mempool does not count). */
  | { kind: "unspent" }
  /** Spent by a transaction in the block at `height`. */
  | { kind: "spentAt"; height: number }
  /** Spent in a block at or below `height`, which one unsaid (Core: no block after it spends the coin). */
  | { kind: "spentAtOrBefore"; height: number }
  /** The backend cannot say: `why`, in words. */
  | { kind: "unknown"; why: string };

/** What the chain says of one coin, asked about a block height. */
export type CoinOnChain =
  /** No such transaction (on the chain or in the mempool), or it has no such output: `why`. */
  | { kind: "absent"; why: string }
  /** The backend cannot tell whether the coin exists or where it was made: `why`, in words. */
  | { kind: "unknown"; why: string }
  | {
      kind: "found";
      /** The height of the block it was made in; null while its transaction waits in the mempool. */
      madeAt: number | null;
      valueSats: bigint;
      /** Its output script, lower-case hex. */
      script: string;
      spend: CoinSpend;
    };

/**
 * A chain backend, read-only. Every method throws a ChainReadError (the backend cannot be reached, or
 * answers nonsense) whose message names the backend but never its credentials.
 */
export interface ChainReader {
  /** The backend in words, without credentials: "Esplora at https://mempool.space/api". */
  readonly name: string;
  /** The best chain's block hash at `height`; null when the chain is not that high. */
  blockHash(height: number): Promise<string | null>;
  /**
   * Each coin as the chain knows it, asked about the block at `height` (a backend that finds spends by
   * reading the blocks after `height` reads only those): one answer per outpoint, in the same order.
   */
  coins(outpoints: readonly Outpoint[], height: number): Promise<CoinOnChain[]>;
}

/** The chain backend failed: unreachable, refusing, or answering what no such backend answers. */
export class ChainReadError extends Error {
  override name = "ChainReadError";
}
