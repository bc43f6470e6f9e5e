import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, SigHash, type Transaction } from "@scure/btc-signer";
import { checkKeyHashSpend, type KeyHashSpendFailure } from "../../bitcoin/p2wpkh.js";
import { equalBytes } from "../../bitcoin/script-bytes.js";

/** The output an input spends: its script and amount (what a signature commits to). */
export interface Prevout {
  script: Uint8Array;
  amount: bigint;
}

/** Bitcoin Core's words for each way a P2WPKH spend fails. */
const CORE_REASONS: Record<KeyHashSpendFailure, string> = {
  witness: "mandatory-script-verify-flag-failed (Witness program was passed an empty witness)",
  program: "mandatory-script-verify-flag-failed (Witness program hash mismatch)",
  sighash: "mandatory-script-verify-flag-failed (unsupported sighash type)",
  signature:
    "mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)",
};

/** A signature over `digest` by `publicKey`: DER with a SIGHASH_ALL byte, low S, as the node requires. */
function verifies(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature[signature.length - 1] !== SigHash.ALL) return false;
  try {
    return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, {
      prehash: false,
      format: "der",
      lowS: true,
    });
  } catch {
    return false;
  }
}

/**
 * Input `index` as a P2WSH spend of an m-of-n CHECKMULTISIG (the cold vault's 2-of-3), as a node's script
 * check does: the witness is [empty, m signatures, witness script], the script hashes to the program, and
 * the signatures verify over the BIP143 digest of that script, in the keys' order (OP_CHECKMULTISIG).
 */
function checkMultisigSpend(
  tx: Transaction,
  index: number,
  program: Uint8Array,
  amount: bigint,
): string | null {
  const witness = tx.getInput(index).finalScriptWitness ?? [];
  const script = witness.at(-1);
  if (script === undefined) return CORE_REASONS.witness;
  if (!equalBytes(sha256(script), program)) return CORE_REASONS.program;
  let multisig: { type: string; m?: number; pubkeys?: Uint8Array[] };
  try {
    multisig = OutScript.decode(script);
  } catch {
    return "non-mandatory-script-verify-flag (unsupported script type)";
  }
  const { m, pubkeys } = multisig;
  if (multisig.type !== "ms" || m === undefined || pubkeys === undefined) {
    return "non-mandatory-script-verify-flag (unsupported script type)";
  }
  const [dummy, ...signatures] = witness.slice(0, -1);
  if (dummy === undefined || dummy.length !== 0 || signatures.length !== m) {
    return "mandatory-script-verify-flag-failed (Operation not valid with the current stack size)";
  }
  const digest = tx.preimageWitnessV0(index, script, SigHash.ALL, amount);
  let key = 0;
  for (const signature of signatures) {
    while (key < pubkeys.length && !verifies(signature, digest, pubkeys[key] as Uint8Array)) key++;
    if (key === pubkeys.length) return CORE_REASONS.signature;
    key++;
  }
  return null;
}

/**
 * Checks every input's signature against the output it spends, as a node's script check would: P2WPKH
 * (BIP143 sighash, DER signature with low S, the public key hashing to the program) and P2WSH multisig
 * (the cold vault's coins). Other script types are refused: the sandbox holds no others.
 * Answers null when every spend is signed, else Bitcoin Core's reason text.
 */
export function verifySpends(tx: Transaction, prevouts: readonly Prevout[]): string | null {
  for (let i = 0; i < tx.inputsLength; i++) {
    const prevout = prevouts[i];
    if (prevout === undefined) return "bad-txns-inputs-missingorspent";
    const spent = OutScript.decode(prevout.script);
    if (spent.type === "wsh") {
      const failure = checkMultisigSpend(tx, i, spent.hash, prevout.amount);
      if (failure !== null) return failure;
      continue;
    }
    if (spent.type !== "wpkh") return "non-mandatory-script-verify-flag (unsupported script type)";
    const failure = checkKeyHashSpend(
      tx,
      i,
      tx.getInput(i).finalScriptWitness ?? [],
      spent.hash,
      prevout.amount,
    );
    if (failure !== null) return CORE_REASONS[failure];
  }
  return null;
}
