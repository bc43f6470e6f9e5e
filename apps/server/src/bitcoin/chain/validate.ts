// Shapes every adapter checks in what a backend answers.
import { z } from "zod";

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
