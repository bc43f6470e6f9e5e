import type { Passkey } from "@satsbank/shared";
import type { PasskeyRow } from "./passkey-queries.js";

/** A passkey as Security > Passkeys shows it: never its public key or credential id. */
export function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    device: row.device,
    synced: row.synced,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    flagged: row.flaggedAt !== null,
  };
}
