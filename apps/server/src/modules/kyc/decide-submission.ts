import { type KycSubmission, kycMessages } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { notify } from "../notifications/index.js";
import { changeItems } from "./change-items.js";
import type { KycContext } from "./context.js";
import {
  findLatestSubmission,
  type KycSubmissionRow,
  lockItems,
  lockSubmission,
  updateSubmission,
} from "./queries.js";
import { toKycSubmission } from "./views.js";

export type Decider = { actor: "automated" } | { actor: "staff"; staff: StaffActor };

export const submissionNotPendingText = "This submission is not waiting for a decision.";
export const decisionText = {
  notFound: "This submission was not found.",
  decidedByStaff: "Staff already decided this submission.",
  sameDecision: (status: "approved" | "rejected") => `This submission is already ${status}.`,
  reasonRequired: "Give a reason to override the automated decision.",
  replaced: "The customer submitted again since: decide their newer submission.",
} as const;
const decisionNotices = {
  basic: {
    approve: {
      title: "Identity verified",
      message: "Your identity and address are verified: you can now send Bitcoin.",
    },
    reject: { title: kycMessages.rejected.title, message: kycMessages.rejected.text },
  },
  enhanced: {
    approve: {
      title: "Enhanced verification complete",
      message: "Your enhanced verification is complete: your higher daily limit applies now.",
    },
    reject: {
      title: "Enhanced verification rejected",
      message: "We couldn't verify where your funds come from with the provided document.",
    },
  },
} as const;

/**
 * Approves or rejects a submission, in one db transaction: claims it (locked, so it is decided once at a
 * time), moves its items to verified or rejected with the reason, writes who decided, tells the customer
 * and, for staff, writes the audit log. A pending submission is decided by the automated review or staff;
 * a decided one only by staff overriding the automated review, with a reason, to the other decision,
 * while it is still the customer's latest of its level. The items' events keep both decisions (who,
 * when, why) and the audit log the one it replaced. Anything else is a 409.
 */
export async function decideSubmission({
  ctx,
  submissionId,
  decision,
  reason,
  decider,
}: {
  ctx: Pick<KycContext, "db" | "clock">;
  submissionId: string;
  decision: "approve" | "reject";
  reason: string | null;
  decider: Decider;
}): Promise<KycSubmission> {
  return inDbTransaction(ctx.db, async (db) => {
    const submission = await lockSubmission(db, submissionId);
    if (submission === undefined) throw new AppError("NOT_FOUND", decisionText.notFound);
    const status = decision === "approve" ? "approved" : "rejected";
    const override = submission.status !== "pending";
    if (override) await assertOverridable(db, { submission, status, reason, decider });
    const at = ctx.clock.now();
    const items = await lockItems(db, submission.userId, at);
    const to = decision === "approve" ? "verified" : "rejected";
    const message = decision === "reject" ? reason : null;
    const itemIds =
      submission.level === "basic" ? (["identity", "address"] as const) : (["enhanced"] as const);
    const decidedBy = decider.actor === "staff" ? decider.staff.userId : null;
    await updateSubmission(db, submission.id, { status, decidedAt: at, decidedBy, reason });
    await changeItems(db, {
      userId: submission.userId,
      current: items,
      changes: itemIds.map((item) => ({ item, to, message })),
      actor: decider.actor,
      actorUserId: decidedBy,
      submissionId: submission.id,
      reason,
      at,
    });
    const notice = decisionNotices[submission.level][decision];
    await notify(db, {
      userId: submission.userId,
      kind: "verification",
      status: decision === "approve" ? "success" : "warning",
      title: notice.title,
      message: decision === "reject" && reason ? `${notice.message} ${reason}` : notice.message,
      at,
    });
    if (decider.actor === "staff") {
      await recordAuditEvent(db, {
        staff: decider.staff,
        action: override ? "kyc.overridden" : "kyc.decided",
        target: { type: "kyc_submission", id: submission.id },
        customerId: submission.userId,
        reason,
        details: {
          level: submission.level,
          decision: status,
          ...(override
            ? {
                replaced: {
                  status: submission.status,
                  decidedBy: "automated",
                  decidedAt: submission.decidedAt?.toISOString() ?? null,
                  reason: submission.reason,
                },
              }
            : {}),
        },
        at,
      });
    }
    return toKycSubmission({ ...submission, status, decidedAt: at, decidedBy, reason });
  });
}

/** A decided submission staff may decide again: see decideSubmission. */
async function assertOverridable(
  db: Db,
  {
    submission,
    status,
    reason,
    decider,
  }: {
    submission: KycSubmissionRow;
    status: "approved" | "rejected";
    reason: string | null;
    decider: Decider;
  },
): Promise<void> {
  if (decider.actor !== "staff") throw new AppError("CONFLICT", submissionNotPendingText);
  if (submission.decidedBy !== null) throw new AppError("CONFLICT", decisionText.decidedByStaff);
  if (submission.status === status) throw new AppError("CONFLICT", decisionText.sameDecision(status));
  if (reason === null) {
    throw new AppError("VALIDATION_ERROR", decisionText.reasonRequired, {
      reason: decisionText.reasonRequired,
    });
  }
  const latest = await findLatestSubmission(db, submission.userId, submission.level);
  if (latest?.id !== submission.id) throw new AppError("CONFLICT", decisionText.replaced);
}
