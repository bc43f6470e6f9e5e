import {
  type PasskeyApproval,
  passkeyMessages,
  type WithdrawalDecisionResponse,
  withdrawalDecisionTexts,
} from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { notify, withdrawalNotices } from "../notifications/index.js";
import {
  approveWithPasskey,
  type RelyingParty,
  stepUpRequired,
  withPasskeyApproval,
} from "../passkeys/index.js";
import { markWithdrawalProgress } from "../transactions/index.js";
import { findDecisions, insertDecision, lockWithdrawal, setWithdrawalStatus } from "./policy-queries.js";
import type { WithdrawalRow } from "./queries.js";
import { reverseWithdrawals } from "./reverse-withdrawal.js";

type DecisionInput = { ctx: { db: Db; clock: Clock }; staff: StaffActor; withdrawalId: string };

/**
 * Locks a withdrawal that waits for approval (every decision, release, cancellation and payout takes this
 * row lock, so decisions happen one at a time) and records this member of staff's decision on it: one
 * each (four eyes: the same person cannot approve twice).
 */
async function decide(
  db: Db,
  input: DecisionInput & { decision: "approved" | "rejected"; reason: string | null; at: Date },
): Promise<WithdrawalRow> {
  const id = input.withdrawalId.toLowerCase();
  const withdrawal = isUuid(id) ? await lockWithdrawal(db, id) : undefined;
  if (withdrawal === undefined) throw new AppError("NOT_FOUND", withdrawalDecisionTexts.notFound);
  if (withdrawal.status !== "awaiting_approval") {
    throw new AppError("CONFLICT", withdrawalDecisionTexts.notAwaiting);
  }
  const recorded = await insertDecision(db, {
    withdrawalId: id,
    staffId: input.staff.userId,
    decision: input.decision,
    reason: input.reason,
    at: input.at,
  });
  if (!recorded) throw new AppError("CONFLICT", withdrawalDecisionTexts.alreadyDecided);
  return withdrawal;
}

const approvalsOf = async (db: Db, id: string) =>
  (await findDecisions(db, [id])).filter((row) => row.decision === "approved").length;

/**
 * A member of staff approves a withdrawal waiting for approval, in one db transaction: their approval is
 * recorded and audited; with as many approvals as it needs (two, by two different people, above the dual
 * amount) it is queued for the next payout. Staff with a passkey approve with a fresh assertion over this
 * very approval (step-up): without one, 403 PASSKEY_REQUIRED and nothing is recorded.
 */
export async function approveWithdrawal(
  input: DecisionInput & {
    ctx: { rp: RelyingParty };
    /** The staff member's session: the challenge it asks for is its own. */
    sessionId: string | null;
    approval?: PasskeyApproval;
  },
): Promise<WithdrawalDecisionResponse> {
  const asking = { sessionId: input.sessionId, message: passkeyMessages.stepUpRequired };
  return withPasskeyApproval(input.ctx, asking, () =>
    inDbTransaction(input.ctx.db, async (db) => {
      const at = input.ctx.clock.now();
      const withdrawal = await decide(db, { ...input, decision: "approved", reason: null, at });
      if (await stepUpRequired(db, input.staff.userId)) {
        await approveWithPasskey(db, input.ctx, {
          purpose: "staffAction",
          userId: input.staff.userId,
          approval: input.approval,
          facts: { action: "approveWithdrawal", withdrawalId: withdrawal.id },
        });
      }
      const approvals = await approvalsOf(db, withdrawal.id);
      const released = approvals >= withdrawal.approvalsNeeded;
      if (released) {
        await setWithdrawalStatus(db, withdrawal.id, { status: "queued" });
        await markWithdrawalProgress(db, [withdrawal.id], { state: "queued" });
      }
      await recordAuditEvent(db, {
        staff: input.staff,
        action: "withdrawal.approved",
        target: { type: "withdrawal", id: withdrawal.id },
        customerId: withdrawal.userId,
        details: {
          amountSats: withdrawal.amountSats.toString(),
          address: withdrawal.address,
          approvals,
          approvalsNeeded: withdrawal.approvalsNeeded,
          released,
        },
        at,
      });
      return {
        withdrawal: {
          id: withdrawal.id,
          status: released ? "queued" : "awaiting_approval",
          approvalsNeeded: withdrawal.approvalsNeeded,
          approvals,
        },
      };
    }),
  );
}

/**
 * A member of staff rejects a withdrawal waiting for approval, with a reason the customer reads, in one db
 * transaction: the amount and fee come back to the customer, the send is failed (rejected, with the
 * reason), they are told (and emailed), and it is audited.
 */
export async function rejectWithdrawal(
  input: DecisionInput & { reason: string },
): Promise<WithdrawalDecisionResponse> {
  return inDbTransaction(input.ctx.db, async (db) => {
    const at = input.ctx.clock.now();
    const withdrawal = await decide(db, { ...input, decision: "rejected", at });
    await reverseWithdrawals(db, [withdrawal], at);
    await setWithdrawalStatus(db, withdrawal.id, {
      status: "rejected",
      rejectionReason: input.reason,
      finishedAt: at,
    });
    await markWithdrawalProgress(db, [withdrawal.id], { state: "rejected", reason: input.reason });
    await notify(db, {
      userId: withdrawal.userId,
      at,
      ...withdrawalNotices.rejected({
        amount: withdrawal.amountSats,
        fee: withdrawal.feeSats,
        address: withdrawal.address,
        reason: input.reason,
      }),
    });
    await recordAuditEvent(db, {
      staff: input.staff,
      action: "withdrawal.rejected",
      target: { type: "withdrawal", id: withdrawal.id },
      customerId: withdrawal.userId,
      reason: input.reason,
      details: { amountSats: withdrawal.amountSats.toString(), address: withdrawal.address },
      at,
    });
    return {
      withdrawal: {
        id: withdrawal.id,
        status: "rejected",
        approvalsNeeded: withdrawal.approvalsNeeded,
        approvals: await approvalsOf(db, withdrawal.id),
      },
    };
  });
}
