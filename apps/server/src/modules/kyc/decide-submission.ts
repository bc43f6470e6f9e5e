import { type KycSubmission, kycMessages } from "@satsbank/shared";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { notify } from "../notifications/notify.js";
import { changeItems } from "./change-items.js";
import type { KycContext } from "./context.js";
import { lockItems, lockPendingSubmission, updateSubmission } from "./queries.js";
import { toKycSubmission } from "./views.js";

export type Decider = { actor: "automated" } | { actor: "staff"; userId: string };

export const submissionNotPendingText = "This submission is not waiting for a decision.";

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
 * Approves or rejects a pending submission, in one db transaction: claims it (still pending, so it is
 * decided once), moves its items to verified or rejected with the reason, writes who decided, and tells the
 * customer. Answers the decided submission; a submission decided already is a 409.
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
    const submission = await lockPendingSubmission(db, submissionId);
    if (submission === undefined) throw new AppError("CONFLICT", submissionNotPendingText);
    const at = ctx.clock.now();
    const items = await lockItems(db, submission.userId, at);
    const to = decision === "approve" ? "verified" : "rejected";
    const message = decision === "reject" ? reason : null;
    const itemIds =
      submission.level === "basic" ? (["identity", "address"] as const) : (["enhanced"] as const);
    const decidedBy = decider.actor === "staff" ? decider.userId : null;
    await updateSubmission(db, submission.id, {
      status: decision === "approve" ? "approved" : "rejected",
      decidedAt: at,
      decidedBy,
      reason,
    });
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
    return toKycSubmission({
      ...submission,
      status: decision === "approve" ? "approved" : "rejected",
      decidedAt: at,
      decidedBy,
      reason,
    });
  });
}
