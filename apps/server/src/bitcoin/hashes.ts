import { sha256 } from "@noble/hashes/sha2.js";

// The hashes Bitcoin names things by, and the byte order it prints them in.

/** SHA-256 of SHA-256: txids, block hashes, merkle nodes, the legacy message digest. */
export function sha256d(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes));
}

/** Hex as Bitcoin displays hashes and txids: the reverse of the bytes as hashed. */
export function displayHex(internal: Uint8Array): string {
  return Buffer.from(internal).reverse().toString("hex");
}

/** The bytes of a displayed hash or txid, in the order they are hashed and serialised. */
export function internalBytes(display: string): Uint8Array {
  return Buffer.from(display, "hex").reverse();
}
