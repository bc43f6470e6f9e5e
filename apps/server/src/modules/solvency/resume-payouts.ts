import { type Solvency, solvencyMessages } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { lockSolvencyState, saveSolvencyState } from "./queries.js";
import { toSolvency } from "./views.js";

/**
 * Staff resume paused payouts by hand, with a reason: in one db transaction the state's row is locked (a
 * check in progress records first, or sees this), the pause lifted while the current problems stand (a
 * check that finds other problems pauses again), and the action audited. 409 when nothing is paused.
 */
export async function resumePayouts({
  ctx,
  staff,
  reason,
}: {
  ctx: { db: Db; clock: Clock };
  staff: StaffActor;
  reason: string;
}): Promise<Solvency> {
  return inDbTransaction(ctx.db, async (tx) => {
    const state = await lockSolvencyState(tx);
    if (state === undefined || state.pausedSince === null) {
      throw new AppError("CONFLICT", solvencyMessages.notPaused);
    }
    const at = ctx.clock.now();
    const { id: _id, ...current } = state;
    const resumed = {
      ...current,
      pausedSince: null,
      resumedBy: staff.userId,
      resumedAt: at,
      resumeReason: reason,
      resumedProblems: state.problems,
    };
    await saveSolvencyState(tx, resumed);
    await recordAuditEvent(tx, {
      staff,
      action: "payouts.resumed",
      target: { type: "payouts", id: null },
      reason,
      details: { pausedSince: state.pausedSince.toISOString(), problems: state.problems },
      at,
    });
    return toSolvency(tx, { id: 1, ...resumed });
  });
}
