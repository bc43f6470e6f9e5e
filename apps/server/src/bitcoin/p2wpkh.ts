import { secp256k1 } from "@noble/curves/secp256k1.js";
import { OutScript, SigHash, type Transaction } from "@scure/btc-signer";
import { equalBytes, hash160 } from "./script-bytes.js";

/** Why a P2WPKH spend does not verify; null when it does. */
export type KeyHashSpendFailure = "witness" | "program" | "sighash" | "signature";

/**
 * Checks input `index` of `tx` as a P2WPKH spend of `program` (a 20-byte key hash) holding `amount`, as a
 * node's script check does: the witness is [DER signature + SIGHASH_ALL, public key], the key hashes to
 * the program, and the signature verifies over the BIP143 digest (strict DER, low S). The one check of
 * both a proof of ownership (BIP-322) and the sandbox node's spends.
 */
export function checkKeyHashSpend(
  tx: Transaction,
  index: number,
  witness: readonly Uint8Array[],
  program: Uint8Array,
  amount: bigint,
): KeyHashSpendFailure | null {
  if (witness.length !== 2) return "witness";
  const [signature, publicKey] = witness as [Uint8Array, Uint8Array];
  if (!equalBytes(hash160(publicKey), program)) return "program";
  if (signature[signature.length - 1] !== SigHash.ALL) return "sighash";
  const scriptCode = OutScript.encode({ type: "pkh", hash: program });
  const digest = tx.preimageWitnessV0(index, scriptCode, SigHash.ALL, amount);
  try {
    const valid = secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: "der",
      lowS: true,
    });
    return valid ? null : "signature";
  } catch {
    return "signature";
  }
}
