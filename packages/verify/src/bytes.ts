// The byte encodings of docs/proof-of-reserves.md, section "Encodings": unsigned 64-bit big-endian
// integers, hex, and UTF-8 tags.

/** The largest amount a sum may reach: 2^64 - 1 satoshis (far above the 21 million BTC ever to exist). */
export const U64_MAX = (1n << 64n) - 1n;

/** A problem with the bytes of a proof: what is wrong, in words. */
export class ProofFormatError extends Error {
  override name = "ProofFormatError";
}

/** `value` as 8 bytes, big-endian; refused when negative or above U64_MAX. */
export function u64be(value: bigint): Uint8Array {
  if (value < 0n) throw new ProofFormatError(`a negative amount (${value}) cannot be in the tree`);
  if (value > U64_MAX)
    throw new ProofFormatError(`an amount (${value}) above 2^64 - 1 cannot be in the tree`);
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, false);
  return bytes;
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Lower-case hex of exactly `length` bytes (when given); anything else is refused with `what` named. */
export function fromHex(hex: string, what: string, length?: number): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/.test(hex)) throw new ProofFormatError(`${what} is not lower-case hex`);
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  if (length !== undefined && bytes.length !== length) {
    throw new ProofFormatError(`${what} must be ${length} bytes, not ${bytes.length}`);
  }
  return bytes;
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}
