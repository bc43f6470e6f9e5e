import type { EpochSummary } from "@satsbank/shared";
import { findLastBlock } from "../chain/index.js";
import { buildEpoch } from "./build-epoch.js";
import type { ProofContext } from "./context.js";
import { findNewestEpoch } from "./queries.js";

const DAY_MS = 24 * 3_600_000;

/** The latest moment at or before `now` when the daily epoch is due: today's `minuteOfDay` (UTC), or yesterday's. */
export function lastScheduled(now: Date, minuteOfDay: number): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const today = midnight + minuteOfDay * 60_000;
  return new Date(today <= now.getTime() ? today : today - DAY_MS);
}

/**
 * The worker's daily epoch (PROOF_EPOCH_TIME, minutes after 00:00 UTC): built when no epoch's snapshot is
 * from the latest scheduled moment or later, so a worker that was down at that time builds it when it is
 * back, and an epoch staff built after it counts for the day. Null when nothing is due, or when the
 * follower has read no block yet (an epoch names its block).
 */
export async function buildDailyEpoch(ctx: ProofContext, minuteOfDay: number): Promise<EpochSummary | null> {
  const due = lastScheduled(ctx.clock.now(), minuteOfDay);
  const newest = await findNewestEpoch(ctx.db);
  if (newest !== undefined && newest.time.getTime() >= due.getTime()) return null;
  if ((await findLastBlock(ctx.db)) === undefined) return null;
  return buildEpoch(ctx);
}
