import { timingSafeEqual } from "node:crypto";

/** Compares two hex digests in constant time: a MAC or a token's hash checked against what it should be. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
