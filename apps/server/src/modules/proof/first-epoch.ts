import type { EpochSummary } from "@satsbank/shared";
import { buildEpoch } from "./build-epoch.js";
import type { ProofContext } from "./context.js";
import { hasEpoch } from "./queries.js";

/**
 * The embedded default's first epoch, right after its seed: built when there is none yet (so a fresh
 * `npm start` has a proof to look at); null when one exists.
 */
export async function buildFirstEpoch(ctx: ProofContext): Promise<EpochSummary | null> {
  return (await hasEpoch(ctx.db)) ? null : buildEpoch(ctx);
}
