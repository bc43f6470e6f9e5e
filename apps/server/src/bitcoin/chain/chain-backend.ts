// The one interface the rest of the server uses to read the Bitcoin network and write to it. Adapters:
// bitcoind.ts (Bitcoin Core's JSON-RPC; the sandbox node answers the same calls) and esplora.ts (the
// Esplora REST API). Amounts are integer satoshis; heights are block heights; hashes and txids are the
// usual big-endian hex strings.

/** The best chain's last block. */
export interface ChainTip {
  height: number;
  hash: string;
}

/** One output of a transaction. `address` is null for a script with no address (OP_RETURN, bare multisig). */
export interface ChainOutput {
  vout: number;
  valueSats: bigint;
  address: string | null;
  /** The output script, hex. */
  script: string;
}

/** The output an input spends. A coinbase transaction has no inputs here. */
export interface ChainInput {
  txid: string;
  vout: number;
}

/** A transaction as the server needs it: what it spends, what it pays, and its raw serialisation. */
export interface ChainTransaction {
  txid: string;
  inputs: ChainInput[];
  outputs: ChainOutput[];
  /** The raw transaction, hex (with its witnesses). */
  hex: string;
}

/** A block of the best chain, with every transaction in it (the coinbase first). */
export interface ChainBlock {
  height: number;
  hash: string;
  /** The previous block's hash: how a follower notices a reorganisation. */
  previousHash: string;
  time: Date;
  transactions: ChainTransaction[];
}

/** Where a transaction stands: in a block of the best chain (confirmations >= 1) or in the mempool (0). */
export interface ChainTransactionStatus {
  confirmations: number;
  blockHash: string | null;
  blockHeight: number | null;
}

/** One output of a transaction, named by the transaction's txid and the output's index. */
export interface Outpoint {
  txid: string;
  vout: number;
}

/**
 * What the backend says of one output (`outputs`): what the solvency watchdog counts reserves from.
 * - `unspent`: in the backend's UTXO set, with its value (confirmations 0: made by a mempool transaction);
 * - `spent`: spent by a transaction the backend holds (bitcoind: one waiting in its mempool; Esplora: in
 *   the mempool or a block), `spentBy` its txid when the backend names it;
 * - `unknown`: not in the UTXO set and no spend the backend can name: spent in a block (bitcoind keeps no
 *   index of spends), or never on the best chain (a transaction a reorganisation dropped).
 */
export type OutputState =
  | { state: "unspent"; valueSats: bigint; confirmations: number }
  | { state: "spent"; spentBy: string | null }
  | { state: "unknown" };

export interface ChainBackend {
  /** Which adapter answers (for logs and the staff's Books tab). */
  readonly name: "bitcoind" | "esplora";
  tip(): Promise<ChainTip>;
  /** The hash of the best chain's block at `height`; ChainBackendError("not-found") above the tip. */
  blockHash(height: number): Promise<string>;
  block(hash: string): Promise<ChainBlock>;
  /** The txids waiting in the node's mempool. */
  mempoolTxids(): Promise<string[]>;
  /** A transaction of the mempool or the best chain, or null when the node does not know it. */
  transaction(txid: string): Promise<ChainTransaction | null>;
  /** Null when the node knows no such transaction (never seen, or dropped from its mempool). */
  transactionStatus(txid: string): Promise<ChainTransactionStatus | null>;
  /**
   * Each output's state, in the order asked (mempool included: an output a waiting transaction spends is
   * spent). Batched where the protocol allows it.
   */
  outputs(outpoints: readonly Outpoint[]): Promise<OutputState[]>;
  /** Sends a raw transaction (hex) to the network and answers its txid. Throws BroadcastRejected. */
  broadcast(hex: string): Promise<string>;
  /** The fee rate, in sat/vB, expected to confirm within `targetBlocks` blocks. */
  feeRate(targetBlocks: number): Promise<number>;
}

export type ChainBackendFailure =
  /** The backend could not be reached, timed out, or answered 5xx: try again later. */
  | "unavailable"
  /** The backend answered something that is not what its API documents. */
  | "invalid-response"
  /** The backend refused the credentials. */
  | "unauthorized"
  /** The block or transaction asked for does not exist. */
  | "not-found";

/** A backend call that failed; `failure` says whether waiting may help. Never carries credentials. */
export class ChainBackendError extends Error {
  override readonly name = "ChainBackendError";
  constructor(
    readonly failure: ChainBackendFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The network refused a transaction. `permanent` is true when sending it again can never succeed (it is
 * invalid, or spends outputs already spent); false when it may later (a full mempool, too low a fee).
 */
export class BroadcastRejected extends Error {
  override readonly name = "BroadcastRejected";
  constructor(
    readonly permanent: boolean,
    readonly reason: string,
  ) {
    super(`The transaction was refused: ${reason}`);
  }
}
