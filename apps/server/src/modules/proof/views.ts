import type { EpochProof, EpochSummary, ReservesStatus } from "@satsbank/shared";
import { PROOF_KEY_PATH } from "../../bitcoin/proof-key.js";
import type { ProofEpochRow } from "./queries.js";
import type { ReservesRow } from "./reserves-queries.js";

/** Seconds since 1970-01-01 UTC: the time the root signs (the stored time keeps its milliseconds). */
export const epochSeconds = (time: Date) => Math.floor(time.getTime() / 1000);

export function toEpochSummary(row: ProofEpochRow, reserves: ReservesStatus | null): EpochSummary {
  return {
    epoch: row.epoch,
    builtAt: row.builtAt.toISOString(),
    blockHeight: row.blockHeight,
    total: row.total.toString(),
    leafCount: row.leafCount,
    reserves,
  };
}

/** `GET /api/proof/:epoch`: the signed root as stored, with the key that signed it. */
export function toEpochProof(
  row: ProofEpochRow,
  brandName: string,
  reserves: ReservesRow | undefined,
): EpochProof {
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
    reserves:
      reserves === undefined
        ? null
        : {
            status: reserves.status,
            message: reserves.message,
            blockHeight: String(row.blockHeight),
            blockHash: row.blockHash,
            total: reserves.total.toString(),
            coinCount: reserves.coinCount,
            psbt: reserves.psbt,
          },
  };
}
