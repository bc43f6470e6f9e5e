import { schnorr } from "@noble/curves/secp256k1.js";
import { type EpochRoot, type ReceiptFacts, signReceipt, signRoot } from "@satsbank/verify";
import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";

/**
 * Where the proof-of-reserves key sits under the wallet's seed (WALLET_MNEMONIC): a hardened path of its
 * own, outside BIP-44/84's purposes, so it never signs a transaction and no coin's key reveals it.
 * Documented in docs/proof-of-reserves.md and the README.
 */
export const PROOF_KEY_PATH = "m/7731'/0'";

/** The bank's proof-of-reserves key: its BIP-340 public key (x-only, 32 bytes) and what it signs. */
export type ProofKey = {
  publicKey: Uint8Array;
  signRoot(root: EpochRoot): Uint8Array;
  /** A customer's receipt of one posted transaction (docs/proof-of-reserves.md, "Receipts"). */
  signReceipt(facts: ReceiptFacts): Uint8Array;
};

const keys = new Map<string, ProofKey>();

/** The proof key of WALLET_MNEMONIC (the seed is derived once per process: PBKDF2 is slow on purpose). */
export function deriveProofKey(mnemonic: string): ProofKey {
  const phrase = mnemonic.trim().split(/\s+/).join(" ");
  let key = keys.get(phrase);
  if (key === undefined) {
    const node = HDKey.fromMasterSeed(mnemonicToSeedSync(phrase)).derive(PROOF_KEY_PATH);
    const privateKey = node.privateKey;
    if (privateKey === null) throw new Error("the proof key has no private key");
    key = {
      publicKey: schnorr.getPublicKey(privateKey),
      signRoot: (root) => signRoot(root, privateKey),
      signReceipt: (facts) => signReceipt(facts, privateKey),
    };
    keys.set(phrase, key);
  }
  return key;
}
