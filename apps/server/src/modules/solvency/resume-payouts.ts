import { type PasskeyApproval, passkeyMessages, type Solvency, solvencyMessages } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import {
  approveWithPasskey,
  type RelyingParty,
  stepUpRequired,
  withPasskeyApproval,
} from "../passkeys/index.js";
import { lockSolvencyState, saveSolvencyState } from "./queries.js";
import { toSolvency } from "./views.js";

/**
 * Staff resume paused payouts by hand, with a reason: in one db transaction the state's row is locked (a
 * check in progress records first, or sees this), the pause lifted while the current problems stand (a
 * check that finds other problems pauses again), and the action audited. 409 when nothing is paused.
 * Staff with a passkey resume with a fresh assertion over this resumption and its reason (step-up):
 * without one, 403 PASSKEY_REQUIRED and nothing changes.
 */
export async function resumePayouts({
  ctx,
  staff,
  reason,
  sessionId,
  approval,
}: {
  ctx: { db: Db; clock: Clock; rp: RelyingParty };
  staff: StaffActor;
  reason: string;
  /** The staff member's session: the challenge it asks for is its own. */
  sessionId: string | null;
  approval?: PasskeyApproval;
}): Promise<Solvency> {
  const asking = { sessionId, message: passkeyMessages.stepUpRequired };
  return withPasskeyApproval(ctx, asking, () =>
    inDbTransaction(ctx.db, async (tx) => {
      const state = await lockSolvencyState(tx);
      if (state === undefined || state.pausedSince === null) {
        throw new AppError("CONFLICT", solvencyMessages.notPaused);
      }
      if (await stepUpRequired(tx, staff.userId)) {
        await approveWithPasskey(tx, ctx, {
          purpose: "staffAction",
          userId: staff.userId,
          approval,
          facts: { action: "resumePayouts", reason },
        });
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
    }),
  );
}
