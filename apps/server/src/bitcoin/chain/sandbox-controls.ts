import type { JsonRpcTransport } from "./json-rpc.js";

// The sandbox node as the rest of the server sees it. The node itself (a regtest network kept in the
// database) lives in src/dev/, which the production build leaves out: nothing here depends on it.

/** What development, the demo seed and the dev routes do with the sandbox node besides reading it. */
export type SandboxControls = {
  /** Sets the node up on its first start (a faucet key and the first 101 blocks); later, nothing. */
  start(): Promise<void>;
  tip(): Promise<{ height: number; hash: string }>;
  /** The transactions waiting for a block. */
  mempool(): Promise<readonly { txid: string }[]>;
  /** Mines `count` blocks; answers their hashes. */
  mine(count: number): Promise<string[]>;
  /** Pays `amount` satoshis from the faucet to `address` (regtest); answers the txid. */
  pay(address: string, amount: bigint): Promise<string>;
  /** Replaces the last `depth` blocks with a longer chain; `drop` leaves their transactions out of it. */
  reorg(depth: number, options: { drop: boolean }): Promise<string[]>;
};

/** The sandbox node loaded from src/dev/: its controls, and the JSON-RPC it answers in-process. */
export type Sandbox = { node: SandboxControls; transport: JsonRpcTransport };

/** A request the sandbox node refuses, with the code and message Bitcoin Core answers for it. */
export class SandboxRefusal extends Error {
  override readonly name = "SandboxRefusal";
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
