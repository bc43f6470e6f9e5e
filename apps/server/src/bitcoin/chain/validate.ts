// Shapes every adapter checks in what a backend answers.

import { z } from "zod";
import { ChainBackendError } from "./chain-backend.js";

const HASH = /^[0-9a-f]{64}$/;

/** A block hash or txid: 64 lowercase hex digits, as Bitcoin Core and Esplora print them. */
export const hashSchema = z.string().regex(HASH, "not a 64-digit hex hash");

/** Raw bytes as hex: an even number of hex digits. */
export const hexSchema = z.string().regex(/^(?:[0-9a-fA-F]{2})+$/, "not hex bytes");

export const heightSchema = z.number().int().nonnegative();

/** True for a well-formed block hash or txid; a caller's malformed one can name nothing on the chain. */
export function isHash(text: string): boolean {
  return HASH.test(text);
}

/** The first problem zod found, as "path: message", without the offending value. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid";
  const path = issue.path.map(String).join(".");
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** A backend's text as JSON, to be checked against its shape; undefined when it is not JSON at all. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The most bitcoin there will ever be, in BTC: no amount a backend answers can be more. */
const MAX_BTC = 21_000_000;

/**
 * An amount Bitcoin Core prints in BTC (ValueFromAmount: 8 decimals) as exact satoshis, for the one answer
 * that has no raw hex to decode it from (gettxout). JSON.parse gives the nearest double, less than 0.2 sat
 * away for any amount up to 21,000,000 BTC, so its decimal expansion rounded to 8 places is the printed
 * amount, exactly. Throws ChainBackendError for anything that is not an amount.
 */
export function btcToSats(btc: number): bigint {
  if (!Number.isFinite(btc) || btc < 0 || btc > MAX_BTC) {
    throw new ChainBackendError("invalid-response", `not a bitcoin amount: ${btc}`);
  }
  return BigInt(btc.toFixed(8).replace(".", ""));
}
