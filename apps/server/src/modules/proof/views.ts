import type { EpochProof, EpochSummary } from "@satsbank/shared";
import { PROOF_KEY_PATH } from "../../bitcoin/proof-key.js";
import type { ProofEpochRow } from "./queries.js";

/** Seconds since 1970-01-01 UTC: the time the root signs (the stored time keeps its milliseconds). */
export const epochSeconds = (time: Date) => Math.floor(time.getTime() / 1000);

export function toEpochSummary(row: ProofEpochRow): EpochSummary {
  return {
    epoch: row.epoch,
    builtAt: row.builtAt.toISOString(),
    blockHeight: row.blockHeight,
    total: row.total.toString(),
    leafCount: row.leafCount,
  };
}

/** `GET /api/proof/:epoch`: the signed root as stored, with the key that signed it. */
export function toEpochProof(row: ProofEpochRow, brandName: string): EpochProof {
  return {
    bank: { name: brandName, publicKey: row.publicKey, keyPath: PROOF_KEY_PATH },
    root: {
      epoch: String(row.epoch),
      rootHash: row.rootHash,
      total: row.total.toString(),
      leafCount: String(row.leafCount),
      ledgerPosition: row.ledgerPosition.toString(),
      blockHeight: String(row.blockHeight),
      blockHash: row.blockHash,
      time: String(epochSeconds(row.time)),
    },
    signature: row.signature,
    depth: row.depth,
    reserves: null,
  };
}
