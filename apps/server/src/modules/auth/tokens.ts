import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { CODE_LENGTH } from "@satsbank/shared";

/** A fresh 32-byte random token, base64url: session cookies, challenge ids, reset links. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256, hex. A leaked table gives no usable token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A uniformly random 6-digit code, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/**
 * The stored form of an emailed code: an HMAC keyed by a secret the database does not hold, bound to its
 * challenge. A million codes are easy to try against a plain hash; not against this.
 */
export function macCode(key: Buffer, challengeIdHash: string, code: string): string {
  return createHmac("sha256", key).update(`${challengeIdHash}:${code}`).digest("hex");
}
