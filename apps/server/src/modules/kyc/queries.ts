import type { KycItemId } from "@satsbank/shared";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { cursorTime } from "../../db/keyset.js";
import {
  type KycItemStatus,
  type KycLevel,
  kycDocuments,
  kycEvents,
  kycItems,
  kycSubmissions,
  users,
} from "../../db/schema/index.js";
import type { HistoryPosition } from "../../domain/history.js";
import type { ItemStates } from "../../domain/kyc.js";

// The kyc module owns kyc_documents, kyc_submissions, kyc_items and kyc_events: only this file touches them
// (and likeness-queries.ts, the lookup of documents that are the same as others).
// (KYC Reviews read the customer's and the deciding staff's names from users alongside.)

export type KycDocumentRow = typeof kycDocuments.$inferSelect;
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
export type KycItemRow = typeof kycItems.$inferSelect;
export type KycEventRow = typeof kycEvents.$inferInsert;

export async function insertDocument(db: Db, row: KycDocumentRow): Promise<void> {
  await db.insert(kycDocuments).values(row);
}

export async function findDocument(db: Db, id: string): Promise<KycDocumentRow | undefined> {
  const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id));
  return row;
}

/** The customer's newest upload of each kind that is in no submission yet: the flow's drafts. */
export async function findDrafts(db: Db, userId: string): Promise<KycDocumentRow[]> {
  const rows = await db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), isNull(kycDocuments.submissionId)))
    .orderBy(desc(kycDocuments.uploadedAt));
  const newest = new Map<string, KycDocumentRow>();
  for (const row of rows) if (!newest.has(row.kind)) newest.set(row.kind, row);
  return [...newest.values()];
}

/** The customer's documents among `ids`, locked: a submission claims them once. */
export async function lockDocuments(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<KycDocumentRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(kycDocuments)
    .where(and(eq(kycDocuments.userId, userId), inArray(kycDocuments.id, [...ids])))
    .for("update");
}

export async function attachDocuments(db: Db, ids: readonly string[], submissionId: string): Promise<void> {
  await db
    .update(kycDocuments)
    .set({ submissionId })
    .where(inArray(kycDocuments.id, [...ids]));
}

export async function findSubmissionDocuments(db: Db, submissionId: string): Promise<KycDocumentRow[]> {
  return db.select().from(kycDocuments).where(eq(kycDocuments.submissionId, submissionId));
}

export async function insertSubmission(db: Db, row: KycSubmissionRow): Promise<void> {
  await db.insert(kycSubmissions).values(row);
}

export async function findSubmission(db: Db, id: string): Promise<KycSubmissionRow | undefined> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
  return row;
}

/** Locks the submission (any status) until the end of the db transaction: one decision at a time. */
export async function lockSubmission(db: Db, id: string): Promise<KycSubmissionRow | undefined> {
  const [row] = await db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)).for("update");
  return row;
}

/** Pending submissions of a review mode, oldest first (staff's queue, or the automated review's). */
export async function findPendingSubmissions(
  db: Db,
  reviewMode: "auto" | "manual",
  limit: number,
): Promise<KycSubmissionRow[]> {
  return db
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.status, "pending"), eq(kycSubmissions.reviewMode, reviewMode)))
    .orderBy(asc(kycSubmissions.submittedAt))
    .limit(limit);
}

export async function findLatestSubmission(
  db: Db,
  userId: string,
  level: KycLevel,
): Promise<KycSubmissionRow | undefined> {
  const [row] = await db
    .select()
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.level, level)))
    .orderBy(desc(kycSubmissions.submittedAt))
    .limit(1);
  return row;
}

export async function updateSubmission(
  db: Db,
  id: string,
  values: Pick<KycSubmissionRow, "status" | "decidedAt" | "decidedBy" | "reason">,
): Promise<void> {
  await db.update(kycSubmissions).set(values).where(eq(kycSubmissions.id, id));
}

export async function findItems(db: Db, userId: string): Promise<KycItemRow[]> {
  return db.select().from(kycItems).where(eq(kycItems.userId, userId));
}

/** The items' states as the rules read them (a missing item is required). */
export async function findItemStates(db: Db, userId: string): Promise<ItemStates> {
  const states: ItemStates = {};
  for (const row of await findItems(db, userId)) states[row.item] = row.status;
  return states;
}

/**
 * Locks the customer's items for a change (inserting the missing ones as required first, so there is a
 * row to lock): a submission and a decision about one customer happen one at a time.
 */
export async function lockItems(db: Db, userId: string, at: Date): Promise<Map<KycItemId, KycItemRow>> {
  await db
    .insert(kycItems)
    .values(
      (["identity", "address", "enhanced"] as const).map((item) => ({
        userId,
        item,
        status: "required" as const,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(kycItems).where(eq(kycItems.userId, userId)).for("update");
  return new Map(rows.map((row) => [row.item, row]));
}

export async function updateItem(
  db: Db,
  { userId, item }: { userId: string; item: KycItemId },
  values: Pick<KycItemRow, "status" | "updatedAt"> &
    Partial<Pick<KycItemRow, "submissionId" | "documentType" | "submittedAt" | "message">>,
): Promise<void> {
  await db
    .update(kycItems)
    .set(values)
    .where(and(eq(kycItems.userId, userId), eq(kycItems.item, item)));
}

export async function insertEvents(db: Db, rows: KycEventRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(kycEvents).values(rows);
}

export async function findEvents(db: Db, userId: string) {
  return db.select().from(kycEvents).where(eq(kycEvents.userId, userId)).orderBy(asc(kycEvents.id));
}

export type { KycItemStatus };

/** A submission for staff's review, with its customer and who decided it (null: pending or automated). */
export type ReviewRow = {
  submission: KycSubmissionRow;
  customer: { id: string; name: string; email: string; username: string };
  decidedByName: string | null;
  position: HistoryPosition;
};

const decider = alias(users, "decider");
const submittedCursor = cursorTime(kycSubmissions.submittedAt);

/**
 * Submissions of one status for KYC Reviews, by keyset on (submitted_at, id): pending ones oldest first
 * (the queue), decided ones newest first.
 */
export async function listSubmissionsForReview(
  db: Db,
  query: { status: KycSubmissionRow["status"]; after: HistoryPosition | null; limit: number },
): Promise<ReviewRow[]> {
  const s = kycSubmissions;
  const oldestFirst = query.status === "pending";
  const conditions = [eq(s.status, query.status)];
  if (query.after !== null) {
    const position = sql`(${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`;
    conditions.push(
      oldestFirst
        ? sql`(${s.submittedAt}, ${s.id}) > ${position}`
        : sql`(${s.submittedAt}, ${s.id}) < ${position}`,
    );
  }
  const rows = await db
    .select({
      submission: s,
      customer: { id: users.id, name: users.name, email: users.email, username: users.username },
      decidedByName: decider.name,
      cursorTime: submittedCursor,
    })
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .leftJoin(decider, eq(decider.id, s.decidedBy))
    .where(and(...conditions))
    .orderBy(...(oldestFirst ? [asc(s.submittedAt), asc(s.id)] : [desc(s.submittedAt), desc(s.id)]))
    .limit(query.limit);
  return rows.map(({ cursorTime, ...row }) => ({
    ...row,
    position: { createdAt: cursorTime, id: row.submission.id },
  }));
}

/** The documents of these submissions. */
export async function findDocumentsOfSubmissions(
  db: Db,
  submissionIds: readonly string[],
): Promise<KycDocumentRow[]> {
  if (submissionIds.length === 0) return [];
  return db
    .select()
    .from(kycDocuments)
    .where(inArray(kycDocuments.submissionId, [...submissionIds]))
    .orderBy(asc(kycDocuments.uploadedAt));
}

/** The item changes these submissions made, oldest first, with the name of the staff who made them. */
export async function findEventsOfSubmissions(db: Db, submissionIds: readonly string[]) {
  if (submissionIds.length === 0) return [];
  return db
    .select({ event: kycEvents, staffName: users.name })
    .from(kycEvents)
    .leftJoin(users, eq(users.id, kycEvents.actorUserId))
    .where(inArray(kycEvents.submissionId, [...submissionIds]))
    .orderBy(asc(kycEvents.id));
}

/** The latest submission of each (customer, level) among these submissions' customers. */
export async function findLatestSubmissionIds(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinctOn([kycSubmissions.userId, kycSubmissions.level], { id: kycSubmissions.id })
    .from(kycSubmissions)
    .where(inArray(kycSubmissions.userId, [...userIds]))
    .orderBy(kycSubmissions.userId, kycSubmissions.level, desc(kycSubmissions.submittedAt));
  return new Set(rows.map((row) => row.id));
}

/**
 * Documents uploaded before uploads were measured (no content hash), oldest first, after `after` (the last
 * one of the page before: files that could not be read stay unmeasured and are paged past).
 */
export async function findUnmeasuredDocuments(
  db: Db,
  { after, limit }: { after: Pick<KycDocumentRow, "uploadedAt" | "id"> | null; limit: number },
): Promise<KycDocumentRow[]> {
  const past =
    after === null
      ? undefined
      : sql`(${kycDocuments.uploadedAt}, ${kycDocuments.id}) > (${after.uploadedAt.toISOString()}::timestamptz, ${after.id}::uuid)`;
  return db
    .select()
    .from(kycDocuments)
    .where(and(isNull(kycDocuments.contentSha256), past))
    .orderBy(asc(kycDocuments.uploadedAt), asc(kycDocuments.id))
    .limit(limit);
}

/** Records what an older document shows (fingerprint-old-documents.ts), once: only while unmeasured. */
export async function measureDocument(
  db: Db,
  id: string,
  values: Pick<KycDocumentRow, "storageKey" | "contentSha256" | "perceptualHash" | "greyStdev">,
): Promise<void> {
  await db
    .update(kycDocuments)
    .set(values)
    .where(and(eq(kycDocuments.id, id), isNull(kycDocuments.contentSha256)));
}
