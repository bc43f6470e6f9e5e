import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, SigHash, type Transaction } from "@scure/btc-signer";

/** The output an input spends: its script and amount (what a signature commits to). */
export interface Prevout {
  script: Uint8Array;
  amount: bigint;
}

const equalBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/**
 * Checks every input's signature against the output it spends, as a node's script check would for
 * P2WPKH (BIP143 sighash, DER signature with low S, the public key hashing to the program). Other
 * script types are refused: the sandbox holds P2WPKH coins only (the bank's and the faucet's).
 * Answers null when every spend is signed, else Bitcoin Core's reason text.
 */
export function verifySpends(tx: Transaction, prevouts: readonly Prevout[]): string | null {
  for (let i = 0; i < tx.inputsLength; i++) {
    const prevout = prevouts[i];
    if (prevout === undefined) return "bad-txns-inputs-missingorspent";
    const spent = OutScript.decode(prevout.script);
    if (spent.type !== "wpkh") return "non-mandatory-script-verify-flag (unsupported script type)";
    const witness = tx.getInput(i).finalScriptWitness;
    if (witness === undefined || witness.length !== 2) {
      return "mandatory-script-verify-flag-failed (Witness program was passed an empty witness)";
    }
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array];
    if (!equalBytes(ripemd160(sha256(publicKey)), spent.hash)) {
      return "mandatory-script-verify-flag-failed (Witness program hash mismatch)";
    }
    const hashType = signature[signature.length - 1];
    if (hashType !== SigHash.ALL) return "mandatory-script-verify-flag-failed (unsupported sighash type)";
    const scriptCode = OutScript.encode({ type: "pkh", hash: spent.hash });
    const digest = tx.preimageWitnessV0(i, scriptCode, hashType, prevout.amount);
    let valid = false;
    try {
      valid = secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
        prehash: false,
        format: "der",
        lowS: true,
      });
    } catch {
      valid = false;
    }
    if (!valid) {
      return "mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)";
    }
  }
  return null;
}
