import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { markWithdrawalProgress } from "../transactions/index.js";
import { releaseHeld } from "./policy-queries.js";

/**
 * Ends the holds that are over (the worker runs it before each payout): each held withdrawal goes on to
 * wait for its staff approvals, or to the payout queue, and its history row says so, in one db
 * transaction. Answers how many were released.
 */
export async function releaseHeldWithdrawals(ctx: { db: Db; clock: Clock }): Promise<number> {
  return inDbTransaction(ctx.db, async (db) => {
    const released = await releaseHeld(db, ctx.clock.now());
    for (const state of ["awaiting_approval", "queued"] as const) {
      const ids = released.filter((row) => row.status === state).map((row) => row.id);
      await markWithdrawalProgress(db, ids, { state });
    }
    return released.length;
  });
}
