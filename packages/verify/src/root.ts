import { schnorr } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { concat, ProofFormatError, u64be, utf8 } from "./bytes.js";

// The epoch's signed root (docs/proof-of-reserves.md, "The signed root"): what the bank states of an epoch,
// signed with a BIP-340 Schnorr key of its own.

export const ROOT_TAG = utf8("satsbank/por/root/v1");

/** What the bank states of an epoch: the tree's root, where in the ledger and on the chain, and when. */
export type EpochRoot = {
  epoch: bigint;
  /** The tree root's hash (32 bytes). */
  rootHash: Uint8Array;
  /** The root's sum: every customer's balance, in satoshis. */
  total: bigint;
  /** Customers in the tree (padding leaves not counted). */
  leafCount: bigint;
  /** The ledger's last transfer id the balances include. */
  ledgerPosition: bigint;
  blockHeight: bigint;
  /** The block's hash as block explorers show it (32 bytes, in that order). */
  blockHash: Uint8Array;
  /** When the balances were frozen, in seconds since 1970-01-01 UTC. */
  time: bigint;
};

/**
 * The 32 bytes the bank signs: SHA-256(ROOT_TAG || u64(epoch) || rootHash || u64(total) || u64(leafCount)
 * || u64(ledgerPosition) || u64(blockHeight) || blockHash || u64(time)).
 */
export function rootMessage(root: EpochRoot): Uint8Array {
  if (root.rootHash.length !== 32) throw new ProofFormatError("the root hash must be 32 bytes");
  if (root.blockHash.length !== 32) throw new ProofFormatError("the block hash must be 32 bytes");
  return sha256(
    concat(
      ROOT_TAG,
      u64be(root.epoch),
      root.rootHash,
      u64be(root.total),
      u64be(root.leafCount),
      u64be(root.ledgerPosition),
      u64be(root.blockHeight),
      root.blockHash,
      u64be(root.time),
    ),
  );
}

/** Whether `signature` (64 bytes, BIP-340) over the root's message is by `publicKey` (32 bytes, x-only). */
export function verifyRootSignature(root: EpochRoot, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    return schnorr.verify(signature, rootMessage(root), publicKey);
  } catch {
    return false;
  }
}

/** The BIP-340 signature of the root's message with `privateKey` (the bank's; tests' own keys). */
export function signRoot(root: EpochRoot, privateKey: Uint8Array): Uint8Array {
  return schnorr.sign(rootMessage(root), privateKey);
}
