import { schnorr } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, RawTx, RawWitness, Script, SigHash, Transaction } from "@scure/btc-signer";
import { displayHex, sha256d } from "./hashes.js";
import { checkKeyHashSpend } from "./p2wpkh.js";
import { decodeOutScript, equalBytes, hash160 } from "./script-bytes.js";

// BIP-322 "simple" signatures: a witness stack that spends a virtual output paying the address's script.
// to_spend commits to the message; to_sign spends it; the witness must satisfy the script as a node would.

const encoder = new TextEncoder();
const TAG = sha256(encoder.encode("BIP0322-signed-message"));

/** The BIP340-tagged hash of the message (tag "BIP0322-signed-message"), as UTF-8 without a length. */
export function bip322MessageHash(message: string): Uint8Array {
  const bytes = encoder.encode(message);
  const data = new Uint8Array(TAG.length * 2 + bytes.length);
  data.set(TAG, 0);
  data.set(TAG, TAG.length);
  data.set(bytes, TAG.length * 2);
  return sha256(data);
}

/** The txid (as shown, big-endian hex) of `to_spend`: version 0, one input `OP_0 <hash>`, one 0-value output. */
export function toSpendTxid(message: string, scriptPubKey: Uint8Array): string {
  const raw = RawTx.encode({
    version: 0,
    segwitFlag: false,
    lockTime: 0,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffff_ffff,
        finalScriptSig: Script.encode(["OP_0", bip322MessageHash(message)]),
        sequence: 0,
      },
    ],
    outputs: [{ amount: 0n, script: scriptPubKey }],
    witnesses: [],
  });
  return displayHex(sha256d(raw));
}

/** `to_sign` without its witness: spends `to_spend`'s output 0 into a single 0-value OP_RETURN. */
export function toSign(message: string, scriptPubKey: Uint8Array): Transaction {
  const tx = new Transaction({
    version: 0,
    lockTime: 0,
    allowUnknownOutputs: true,
    allowUnknownInputs: true,
  });
  tx.addInput({ txid: toSpendTxid(message, scriptPubKey), index: 0, sequence: 0 });
  tx.addOutput({ script: Script.encode(["RETURN"]), amount: 0n });
  return tx;
}

/** A witness stack decoded from its consensus encoding; undefined unless the bytes are exactly one stack. */
export function decodeWitness(bytes: Uint8Array): Uint8Array[] | undefined {
  try {
    const witness = RawWitness.decode(bytes);
    // The decoder must have used every byte: re-encoding gives the same bytes back.
    return equalBytes(RawWitness.encode(witness), bytes) ? witness : undefined;
  } catch {
    return undefined;
  }
}

/**
 * P2WPKH: [DER signature + SIGHASH_ALL, compressed key]; the key hashes to `program`. Strict DER and low S,
 * as BIP-322's required rules (STRICTENC, LOW_S) ask; every signature is SIGHASH_ALL.
 */
function verifyKeyHashSpend(tx: Transaction, witness: Uint8Array[], program: Uint8Array): boolean {
  // Segwit v0 spends take compressed keys only (standardness: WITNESS_PUBKEYTYPE).
  if (witness[1]?.length !== 33 || (witness[0]?.length ?? 0) < 9) return false;
  return checkKeyHashSpend(tx, 0, witness, program, 0n) === null;
}

/** P2TR key path: one Schnorr signature (64 bytes, or 65 ending in SIGHASH_ALL) by the output key. */
function verifyTaprootKeySpend(
  tx: Transaction,
  witness: Uint8Array[],
  scriptPubKey: Uint8Array,
  outputKey: Uint8Array,
): boolean {
  // One element: the key path. A script path (or an annex) is not a single-key proof.
  if (witness.length !== 1) return false;
  const [signature] = witness as [Uint8Array];
  let hashType: number;
  if (signature.length === 64) hashType = SigHash.DEFAULT;
  else if (signature.length === 65 && signature[64] === SigHash.ALL) hashType = SigHash.ALL;
  else return false;
  const digest = tx.preimageWitnessV1(0, [scriptPubKey], hashType, [0n]);
  try {
    return schnorr.verify(signature.subarray(0, 64), digest, outputKey);
  } catch {
    return false;
  }
}

/**
 * True when `witness` (a BIP-322 simple signature, decoded) proves that its signer can spend
 * `scriptPubKey`'s coins, for `message`: P2WPKH, P2TR (key path) and P2SH-wrapped P2WPKH.
 */
export function verifyBip322Simple(
  message: string,
  scriptPubKey: Uint8Array,
  witness: Uint8Array[],
): boolean {
  const script = decodeOutScript(scriptPubKey);
  if (script === undefined) return false;
  const tx = toSign(message, scriptPubKey);
  switch (script.type) {
    case "wpkh":
      return verifyKeyHashSpend(tx, witness, script.hash);
    case "tr":
      return verifyTaprootKeySpend(tx, witness, scriptPubKey, script.pubkey);
    case "sh": {
      // Only P2SH-P2WPKH: the redeem script (OP_0 <hash160(key)>) follows from the witness's key.
      const publicKey = witness[1];
      if (witness.length !== 2 || publicKey === undefined) return false;
      const program = hash160(publicKey);
      const redeemScript = OutScript.encode({ type: "wpkh", hash: program });
      if (!equalBytes(hash160(redeemScript), script.hash)) return false;
      return verifyKeyHashSpend(tx, witness, program);
    }
    default:
      return false;
  }
}
