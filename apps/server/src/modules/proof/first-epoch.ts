import type { EpochSummary } from "@satsbank/shared";
import { findLastBlock } from "../chain/index.js";
import { buildEpoch } from "./build-epoch.js";
import type { ProofContext } from "./context.js";
import { hasEpoch } from "./queries.js";

/**
 * The embedded default's first epoch, right after its seed (main.ts), so a fresh `npm start` has a proof
 * to look at. Null when an epoch exists already, or when the follower has read no block yet (an epoch
 * names its block; staff or the next start build it then).
 */
export async function buildFirstEpoch(ctx: ProofContext): Promise<EpochSummary | null> {
  if (await hasEpoch(ctx.db)) return null;
  if ((await findLastBlock(ctx.db)) === undefined) return null;
  return buildEpoch(ctx);
}
