import { secp256k1 } from "@noble/curves/secp256k1.js";
import { SigHash, type Transaction } from "@scure/btc-signer";
import { sha256d } from "./hashes.js";
import { hash160 } from "./script-bytes.js";

// Signing a transaction whose inputs are all the hot wallet's P2WPKH coins (payouts, sweeps), in time linear
// in its size. btc-signer's signIdx recomputes BIP143's hashes of every input and output for each input it
// signs (and rescans the transaction): quadratic, ten seconds for a sweep of 1,000 coins. Here they are
// computed once; each signature is made as signIdx makes it (RFC 6979, low S, DER, SIGHASH_ALL).

/** The key that spends one input: its private key and the compressed public key its P2WPKH commits to. */
export type P2wpkhSigner = { privateKey: Uint8Array; publicKey: Uint8Array };

const u32 = (n: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(n >>> 0);
  return bytes;
};
const u64 = (n: bigint) => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(n);
  return bytes;
};
function compactSize(n: number): Buffer {
  if (n < 0xfd) return Buffer.from([n]);
  if (n <= 0xffff) {
    const bytes = Buffer.alloc(3);
    bytes[0] = 0xfd;
    bytes.writeUInt16LE(n, 1);
    return bytes;
  }
  return Buffer.concat([Buffer.from([0xfe]), u32(n)]);
}
/** A txid as btc-signer holds it (display order) in the order it is serialised. */
const internal = (txid: Uint8Array) => Buffer.from(txid).reverse();

/**
 * The BIP143 digests (SIGHASH_ALL) of every input of `tx`, each spending a P2WPKH output of `publicKeys[i]`
 * holding `amounts[i]`: hashPrevouts, hashSequence and hashOutputs computed once for all.
 */
export function p2wpkhDigests(
  tx: Transaction,
  publicKeys: readonly Uint8Array[],
  amounts: readonly bigint[],
): Uint8Array[] {
  const inputs = Array.from({ length: tx.inputsLength }, (_, i) => tx.getInput(i));
  const outpoint = (i: number) => {
    const input = inputs[i];
    if (input?.txid === undefined || input.index === undefined) throw new Error(`Input ${i} has no outpoint`);
    return Buffer.concat([internal(input.txid), u32(input.index)]);
  };
  const sequence = (i: number) => u32(inputs[i]?.sequence ?? 0xffffffff);
  const hashPrevouts = sha256d(Buffer.concat(inputs.map((_, i) => outpoint(i))));
  const hashSequence = sha256d(Buffer.concat(inputs.map((_, i) => sequence(i))));
  const outputs = Array.from({ length: tx.outputsLength }, (_, j) => {
    const output = tx.getOutput(j);
    if (output.script === undefined || output.amount === undefined)
      throw new Error(`Output ${j} is incomplete`);
    return Buffer.concat([u64(output.amount), compactSize(output.script.length), output.script]);
  });
  const hashOutputs = sha256d(Buffer.concat(outputs));
  return inputs.map((_, i) => {
    const publicKey = publicKeys[i];
    const amount = amounts[i];
    if (publicKey === undefined || amount === undefined) throw new Error(`Input ${i} has no key or amount`);
    // The P2WPKH script code: the P2PKH script of the key's hash.
    const scriptCode = Buffer.concat([
      Buffer.from([0x19, 0x76, 0xa9, 0x14]),
      hash160(publicKey),
      Buffer.from([0x88, 0xac]),
    ]);
    return sha256d(
      Buffer.concat([
        u32(tx.version),
        hashPrevouts,
        hashSequence,
        outpoint(i),
        scriptCode,
        u64(amount),
        sequence(i),
        hashOutputs,
        u32(tx.lockTime),
        u32(SigHash.ALL),
      ]),
    );
  });
}

/**
 * Signs every input of `tx` with its signer (all P2WPKH spends of `amounts`) and finalises it: the
 * witness [DER signature + SIGHASH_ALL, public key], as btc-signer's signIdx and finalize would.
 */
export function signP2wpkhInputs(
  tx: Transaction,
  signers: readonly P2wpkhSigner[],
  amounts: readonly bigint[],
): void {
  const digests = p2wpkhDigests(
    tx,
    signers.map((signer) => signer.publicKey),
    amounts,
  );
  digests.forEach((digest, i) => {
    const signer = signers[i];
    if (signer === undefined) throw new Error(`No key for input ${i}`);
    const signature = secp256k1.Signature.fromBytes(
      secp256k1.sign(digest, signer.privateKey, { prehash: false }),
    ).toBytes("der");
    tx.updateInput(
      i,
      { finalScriptWitness: [Uint8Array.from([...signature, SigHash.ALL]), signer.publicKey] },
      true,
    );
  });
}
