import { followerHeight } from "../chain/index.js";
import type { PayoutContext } from "./context.js";
import { broadcastPayout } from "./pay-out.js";
import { findPayoutsToTrack } from "./queries.js";
import { settlePayout } from "./settle-payout.js";

export type PayoutsReport = { settled: number; failed: number; rebroadcast: number };

/**
 * Moves every open payout on, after the follower's pass (which notes the block each payout is in): one
 * CONFIRMATIONS deep is settled; one signed but not yet accepted (a crash after recording it, or the backend
 * was down) is broadcast, the same bytes; one broadcast, in no block, that the node no longer holds (dropped
 * from its mempool, or its block left the best chain and the node did not keep it) is broadcast again, even
 * once settled: the payees must be paid, with the coins the books already spent.
 */
export async function trackPayouts(ctx: PayoutContext): Promise<PayoutsReport> {
  const report: PayoutsReport = { settled: 0, failed: 0, rebroadcast: 0 };
  const chainHeight = await followerHeight(ctx.db);
  for (const payout of await findPayoutsToTrack(ctx.db)) {
    if (payout.blockHeight !== null) {
      const deep = chainHeight !== null && chainHeight - payout.blockHeight + 1 >= ctx.confirmations;
      if (deep && (await settlePayout(ctx, payout.txid))) report.settled += 1;
      continue;
    }
    if (payout.status !== "signed" && (await ctx.chain.transactionStatus(payout.txid)) !== null) continue;
    const sent = await broadcastPayout(ctx, payout);
    if (sent.outcome === "failed") report.failed += 1;
    else if (sent.outcome === "broadcast") report.rebroadcast += 1;
  }
  return report;
}
