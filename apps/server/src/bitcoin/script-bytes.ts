import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { OutScript } from "@scure/btc-signer";

/** Byte-for-byte equality (lengths first). */
export const equalBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/** RIPEMD-160 of SHA-256: what P2PKH, P2WPKH and P2SH commit to. */
export const hash160 = (data: Uint8Array) => ripemd160(sha256(data));

/** An output script read by btc-signer (its type and hash or key), or undefined when it reads as none. */
export function decodeOutScript(scriptPubKey: Uint8Array) {
  try {
    return OutScript.decode(scriptPubKey);
  } catch {
    return undefined;
  }
}
