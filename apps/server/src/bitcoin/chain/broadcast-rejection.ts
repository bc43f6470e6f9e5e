// How a refused broadcast is read, the same for Bitcoin Core's sendrawtransaction and for Esplora's
// POST /tx (which relays Bitcoin Core's error). Calling a refusal permanent when it is not would reverse a
// withdrawal whose transaction may still confirm, so only what is known to be final is permanent.
import type { BitcoinNetwork } from "../network.js";
import { BroadcastRejected } from "./chain-backend.js";
import { decodeTransaction } from "./decode-transaction.js";
import { rpcErrorCodes } from "./json-rpc.js";

// The node holds the transaction already: in a block (RPC_VERIFY_ALREADY_IN_CHAIN, "Transaction already in
// block chain" before v28, "Transaction outputs already in utxo set" since) or in its mempool (older
// nodes answer that with an error; newer ones just answer the txid).
const ALREADY_KNOWN =
  /already in block chain|already in utxo set|txn-already-in-mempool|txn-already-known|txn-same-nonwitness-data-in-mempool/i;

// Refusals that may pass later: a full mempool, a fee below the floor of the moment, a replacement that
// does not pay enough, an unconfirmed ancestor chain too long, a lock time not reached yet.
const MAY_PASS_LATER =
  /mempool full|min relay fee not met|mempool min fee not met|insufficient fee|too-long-mempool-chain|too-many-unconfirmed-ancestors|non-final|non-BIP68-final/i;

const MISSING_INPUTS = /missingorspent|missing inputs/i;

const PERMANENT_CODES: ReadonlySet<number> = new Set([
  rpcErrorCodes.deserializationError,
  rpcErrorCodes.verifyError,
  rpcErrorCodes.verifyRejected,
]);

/**
 * Reads a broadcast error: "accepted" when it says the network has the transaction already, else the
 * refusal. `code` is the RPC error code, null when the backend gave only a text.
 */
export function classifyBroadcastError(code: number | null, message: string): "accepted" | BroadcastRejected {
  if (code === rpcErrorCodes.verifyAlreadyInChain || ALREADY_KNOWN.test(message)) return "accepted";
  if (MAY_PASS_LATER.test(message)) return new BroadcastRejected(false, message);
  return new BroadcastRejected(code === null || PERMANENT_CODES.has(code), message);
}

/**
 * True when the refusal says an input is missing or spent: also what a node answers for our own
 * transaction once it is confirmed and its outputs are spent, so the caller checks the chain first.
 */
export function isMissingInputs(rejection: BroadcastRejected): boolean {
  return rejection.permanent && MISSING_INPUTS.test(rejection.reason);
}

/** The txid of a transaction about to be sent; bytes that are not a transaction can never be sent. */
export function txidOf(hex: string, network: BitcoinNetwork): string {
  try {
    return decodeTransaction(hex, network).txid;
  } catch {
    throw new BroadcastRejected(true, "not a raw transaction");
  }
}
