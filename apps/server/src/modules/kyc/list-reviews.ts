import type { KycHistoryEntry, KycReviewPage, KycSubmissionStatus } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { cursorAt, keysetPage, positionAfter } from "../../domain/history.js";
import {
  findDocumentsOfSubmissions,
  findEventsOfSubmissions,
  findLatestSubmissionIds,
  type KycDocumentRow,
  listSubmissionsForReview,
} from "./queries.js";
import { toAdminKycDocument } from "./views.js";

export const invalidReviewCursorText = "This page of KYC Reviews is no longer available. Reload it.";

/**
 * KYC Reviews: submissions of one status with their customer, documents and history (every item change,
 * the automated review's and staff's); pending ones oldest first. `decidable` says whether staff may
 * decide one now (pending, or an automated decision still the customer's latest: an override).
 */
export async function listKycReviews({
  ctx,
  query,
}: {
  ctx: { db: Db };
  query: { status: KycSubmissionStatus; cursor?: string | undefined; limit: number };
}): Promise<KycReviewPage> {
  const after = positionAfter(query.cursor, invalidReviewCursorText);
  const rows = await listSubmissionsForReview(ctx.db, {
    status: query.status,
    after,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, cursorAt);
  const ids = page.map((row) => row.submission.id);
  const [documents, events, latest] = await Promise.all([
    findDocumentsOfSubmissions(ctx.db, ids),
    findEventsOfSubmissions(ctx.db, ids),
    findLatestSubmissionIds(ctx.db, [...new Set(page.map((row) => row.customer.id))]),
  ]);
  const documentsOf = new Map<string, KycDocumentRow[]>();
  for (const document of documents) {
    if (document.submissionId === null) continue;
    documentsOf.set(document.submissionId, [...(documentsOf.get(document.submissionId) ?? []), document]);
  }
  const historyOf = new Map<string, KycHistoryEntry[]>();
  for (const { event, staffName } of events) {
    if (event.submissionId === null) continue;
    const entry: KycHistoryEntry = {
      item: event.item,
      from: event.fromStatus,
      to: event.toStatus,
      actor: event.actor,
      staff: event.actorUserId === null ? null : { id: event.actorUserId, name: staffName ?? "" },
      reason: event.reason,
      at: event.createdAt.toISOString(),
    };
    historyOf.set(event.submissionId, [...(historyOf.get(event.submissionId) ?? []), entry]);
  }
  return {
    items: page.map(({ submission, customer, decidedByName }) => {
      const decided = submission.status !== "pending";
      return {
        id: submission.id,
        level: submission.level,
        status: submission.status,
        reviewMode: submission.reviewMode,
        reason: submission.reason,
        submittedAt: submission.submittedAt.toISOString(),
        decidedAt: submission.decidedAt?.toISOString() ?? null,
        decidedBy: decided ? (submission.decidedBy === null ? "automated" : "staff") : null,
        decidedByStaff:
          submission.decidedBy === null ? null : { id: submission.decidedBy, name: decidedByName ?? "" },
        customer,
        sourceOfFunds: submission.sourceOfFunds,
        documents: (documentsOf.get(submission.id) ?? []).map(toAdminKycDocument),
        history: historyOf.get(submission.id) ?? [],
        decidable: !decided || (submission.decidedBy === null && latest.has(submission.id)),
      };
    }),
    nextCursor,
  };
}
