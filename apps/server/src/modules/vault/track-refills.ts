import { BroadcastRejected, ChainBackendError } from "../../bitcoin/chain/chain-backend.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { followerHeight } from "../chain/index.js";
import type { VaultContext } from "./context.js";
import { findRefillsToTrack, markRefillAccepted, type RefillRow } from "./refill-queries.js";
import { failRefill, settleRefill } from "./settle-refill.js";

export type RefillBroadcast =
  | { outcome: "broadcast" }
  | { outcome: "waiting"; reason: string }
  | { outcome: "failed"; reason: string };

/**
 * Sends a finalised refill to the network. Refused for good (as the adapters read the node's error codes),
 * it fails and its coins are free again; the backend down or a refusal that may pass: it stays broadcast,
 * and the worker sends the same bytes again.
 */
export async function broadcastRefill(
  ctx: Pick<VaultContext, "db" | "clock" | "chain">,
  refill: Pick<RefillRow, "id" | "hex">,
): Promise<RefillBroadcast> {
  if (refill.hex === null) return { outcome: "waiting", reason: "not finalised" };
  try {
    await ctx.chain.broadcast(refill.hex);
  } catch (error) {
    if (error instanceof BroadcastRejected && error.permanent) {
      await failRefill(ctx, refill.id, error.reason);
      return { outcome: "failed", reason: error.reason };
    }
    if (error instanceof BroadcastRejected || error instanceof ChainBackendError)
      return { outcome: "waiting", reason: error.message };
    throw error;
  }
  await inDbTransaction(ctx.db, (db) => markRefillAccepted(db, refill.id, ctx.clock.now()));
  return { outcome: "broadcast" };
}

export type RefillsReport = { settled: number; failed: number; rebroadcast: number };

/**
 * Moves every sent refill on, after the follower's pass (which notes the block each refill is in, through
 * refillBlocks): one CONFIRMATIONS deep is settled; one finalised but not yet accepted, or that the node no
 * longer holds while it is in no block (dropped from its mempool, or its block left the best chain), is
 * sent again, the same bytes, even once settled.
 */
export async function trackRefills(
  ctx: Pick<VaultContext, "db" | "clock" | "chain" | "confirmations">,
): Promise<RefillsReport> {
  const report: RefillsReport = { settled: 0, failed: 0, rebroadcast: 0 };
  const refills = await findRefillsToTrack(ctx.db);
  if (refills.length === 0) return report;
  const chainHeight = await followerHeight(ctx.db);
  for (const refill of refills) {
    if (refill.blockHeight !== null) {
      const deep = chainHeight !== null && chainHeight - refill.blockHeight + 1 >= ctx.confirmations;
      if (deep && (await settleRefill(ctx, refill.id))) report.settled += 1;
      continue;
    }
    if (refill.broadcastAt !== null && (await ctx.chain.transactionStatus(refill.txid)) !== null) continue;
    const sent = await broadcastRefill(ctx, refill);
    if (sent.outcome === "failed") report.failed += 1;
    else if (sent.outcome === "broadcast") report.rebroadcast += 1;
  }
  return report;
}
