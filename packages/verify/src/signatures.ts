import { secp256k1 } from "@noble/curves/secp256k1.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript, SigHash, type Transaction } from "@scure/btc-signer";
import { concat, equalBytes, toHex } from "./bytes.js";
import type { ProofCoin } from "./reserves.js";

// The signatures of a reserves proof's coins: BIP-143 digests (SIGHASH_ALL) and the scripts this verifier
// checks (P2WPKH, P2WSH multisig), as Bitcoin's own script rules would accept the spend.

export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));

const u32le = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n >>> 0, true);
  return bytes;
};
const u64le = (n: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, n, true);
  return bytes;
};
const compactSize = (n: number) =>
  n < 0xfd ? Uint8Array.of(n) : concat(Uint8Array.of(0xfd), u32le(n).subarray(0, 2));
const sha256d = (bytes: Uint8Array) => sha256(sha256(bytes));

/**
 * BIP-143's digest of every input for SIGHASH_ALL, its shared hashes computed once (a proof may spend
 * thousands of coins): `digest(i, scriptCode, amount)`.
 */
export function bip143Digests(
  tx: Transaction,
): (i: number, scriptCode: Uint8Array, amount: bigint) => Uint8Array {
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
  const outpoint = (i: number) => {
    const input = inputs[i];
    if (input?.txid === undefined || input.index === undefined) throw new Error(`Input ${i} has no outpoint`);
    return concat(input.txid.slice().reverse(), u32le(input.index));
  };
  const sequence = (i: number) => u32le(inputs[i]?.sequence ?? 0xffffffff);
  const hashPrevouts = sha256d(concat(...inputs.map((_, i) => outpoint(i))));
  const hashSequence = sha256d(concat(...inputs.map((_, i) => sequence(i))));
  const hashOutputs = sha256d(
    concat(
      ...Array.from({ length: tx.outputsLength }, (_, j) => {
        const output = tx.getOutput(j);
        if (output.script === undefined || output.amount === undefined)
          throw new Error(`Output ${j} is incomplete`);
        return concat(u64le(output.amount), compactSize(output.script.length), output.script);
      }),
    ),
  );
  return (i, scriptCode, amount) =>
    sha256d(
      concat(
        u32le(tx.version),
        hashPrevouts,
        hashSequence,
        outpoint(i),
        compactSize(scriptCode.length),
        scriptCode,
        u64le(amount),
        sequence(i),
        hashOutputs,
        u32le(tx.lockTime),
        u32le(SigHash.ALL),
      ),
    );
}

/** BIP-143's script code of a P2WPKH output whose program (the key's HASH160) is `program`. */
export function p2wpkhScriptCode(program: Uint8Array): Uint8Array {
  return concat(Uint8Array.of(0x76, 0xa9, 0x14), program, Uint8Array.of(0x88, 0xac));
}

/** Whether `signature` (DER + SIGHASH_ALL) by `publicKey` verifies for `digest`: strict DER, low S. */
function verifiesAll(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.at(-1) !== SigHash.ALL) return false;
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

/** The signatures an input offers: its partial signatures, or the pairs of a finalised witness. */
function offered(tx: Transaction, i: number): [publicKey: Uint8Array, signature: Uint8Array][] {
  const input = tx.getInput(i);
  const partial = (input.partialSig ?? []).map(([key, sig]): [Uint8Array, Uint8Array] => [key, sig]);
  const witness = input.finalScriptWitness ?? [];
  if (partial.length > 0 || witness.length !== 2) return partial;
  const [sig, key] = witness as [Uint8Array, Uint8Array];
  return [[key, sig]];
}

/**
 * Why coin `coin` of the proof is not signed as its script demands, or null when it is: P2WPKH, the key
 * hashing to its program signs; P2WSH, its witness script hashes to the program, is an m-of-n multisig and m
 * different keys of it sign. Anything else is not a script this verifier checks.
 */
export function coinSignatureProblem(
  tx: Transaction,
  coin: ProofCoin,
  digest: (i: number, scriptCode: Uint8Array, amount: bigint) => Uint8Array,
): string | null {
  const name = `The coin ${coin.txid}:${coin.vout} (input ${coin.input})`;
  const { script } = coin;
  const signatures = offered(tx, coin.input);
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) {
    const program = script.subarray(2);
    const hash = digest(coin.input, p2wpkhScriptCode(program), coin.valueSats);
    const signed = signatures.some(
      ([key, sig]) => equalBytes(hash160(key), program) && verifiesAll(sig, hash, key),
    );
    return signed ? null : `${name} carries no valid signature by its key for this proof`;
  }
  if (script.length === 34 && script[0] === 0x00 && script[1] === 0x20) {
    const witnessScript = tx.getInput(coin.input).witnessScript;
    if (witnessScript === undefined || !equalBytes(sha256(witnessScript), script.subarray(2)))
      return `${name} does not give the witness script its address commits to`;
    let multisig: { m: number; pubkeys: Uint8Array[] };
    try {
      const decoded = OutScript.decode(witnessScript);
      if (decoded.type !== "ms") return `${name} is not a multisig script this verifier checks`;
      multisig = decoded;
    } catch {
      return `${name} is not a multisig script this verifier checks`;
    }
    const hash = digest(coin.input, witnessScript, coin.valueSats);
    const signers = new Set<string>();
    for (const [key, sig] of signatures) {
      if (multisig.pubkeys.some((k) => equalBytes(k, key)) && verifiesAll(sig, hash, key))
        signers.add(toHex(key));
    }
    return signers.size >= multisig.m
      ? null
      : `${name} is signed by ${signers.size} of the ${multisig.m} keys its script needs`;
  }
  return `${name} pays a script this verifier does not check (only P2WPKH and P2WSH multisig)`;
}
