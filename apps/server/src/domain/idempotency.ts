import { createHash } from "node:crypto";

/**
 * The fingerprint of a request body, to tell a repeat (same key, same body) from a reuse (same key, other
 * body). The values are listed in a fixed order, so the hash never depends on JSON key order.
 */
export function requestHash(values: ReadonlyArray<string | null>): string {
  return createHash("sha256").update(JSON.stringify(values)).digest("hex");
}
