import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cursorTime } from "../../db/keyset.js";
import { supportReplies, supportRequests, users } from "../../db/schema/index.js";
import type { HistoryPosition } from "../../domain/history.js";

// The support module owns support_requests and support_replies: only this file touches them. (Staff's
// lists read the customer's and the replying staff's names from users alongside; a public contact form's
// request may have no customer.)

export type SupportRequestRow = typeof supportRequests.$inferSelect;
export type SupportReplyRow = typeof supportReplies.$inferSelect;

export async function insertSupportRequest(
  db: Db,
  values: Pick<SupportRequestRow, "userId" | "email" | "subject" | "message" | "createdAt"> &
    Partial<Pick<SupportRequestRow, "source" | "name">>,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(values).returning();
  if (row === undefined) throw new Error("insert into support_requests returned no row");
  return row;
}

/** The customer account with this email, if any (read-only: the public contact form files its request). */
export async function findAccountIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, eq(users.role, "customer")));
  return row?.id;
}

const r = supportRequests;
const positionTime = cursorTime(r.createdAt);
const customerColumns = { id: users.id, name: users.name, email: users.email, username: users.username };

export type StaffRequestRow = {
  request: SupportRequestRow;
  /** Null for a public contact form's request whose email no account has. */
  customer: { id: string; name: string; email: string; username: string } | null;
  position: HistoryPosition;
};

/**
 * Support requests for staff, by keyset on (created_at, id): open ones oldest first (the inbox), any other
 * filter newest first. `status` null: every request.
 */
export async function listRequestsForStaff(
  db: Db,
  query: { status: SupportRequestRow["status"] | null; after: HistoryPosition | null; limit: number },
): Promise<StaffRequestRow[]> {
  const oldestFirst = query.status === "open";
  const conditions: SQL[] = [];
  if (query.status !== null) conditions.push(eq(r.status, query.status));
  if (query.after !== null) {
    const position = sql`(${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`;
    conditions.push(
      oldestFirst
        ? sql`(${r.createdAt}, ${r.id}) > ${position}`
        : sql`(${r.createdAt}, ${r.id}) < ${position}`,
    );
  }
  const rows = await db
    .select({ request: r, customer: customerColumns, positionTime })
    .from(r)
    .leftJoin(users, eq(users.id, r.userId))
    .where(conditions.length === 0 ? undefined : and(...conditions))
    .orderBy(...(oldestFirst ? [asc(r.createdAt), asc(r.id)] : [desc(r.createdAt), desc(r.id)]))
    .limit(query.limit);
  return rows.map(({ positionTime: createdAt, ...row }) => ({
    ...row,
    position: { createdAt, id: row.request.id },
  }));
}

/** The request and its customer, locked until the end of the db transaction: one change at a time. */
export async function lockRequest(
  db: Db,
  id: string,
): Promise<Omit<StaffRequestRow, "position"> | undefined> {
  const [row] = await db
    .select({ request: r, customer: customerColumns })
    .from(r)
    .leftJoin(users, eq(users.id, r.userId))
    .where(eq(r.id, id))
    .for("update", { of: r });
  return row;
}

export async function setRequestStatus(
  db: Db,
  id: string,
  status: SupportRequestRow["status"],
): Promise<void> {
  await db.update(r).set({ status }).where(eq(r.id, id));
}

export async function insertReply(
  db: Db,
  values: Pick<SupportReplyRow, "requestId" | "staffUserId" | "message" | "createdAt">,
): Promise<SupportReplyRow> {
  const [row] = await db.insert(supportReplies).values(values).returning();
  if (row === undefined) throw new Error("insert into support_replies returned no row");
  return row;
}

/** The replies to these requests, oldest first, with the name of the staff who wrote each. */
export async function findReplies(
  db: Db,
  requestIds: readonly string[],
): Promise<{ reply: SupportReplyRow; staffName: string }[]> {
  if (requestIds.length === 0) return [];
  return db
    .select({ reply: supportReplies, staffName: users.name })
    .from(supportReplies)
    .innerJoin(users, eq(users.id, supportReplies.staffUserId))
    .where(inArray(supportReplies.requestId, [...requestIds]))
    .orderBy(asc(supportReplies.createdAt), asc(supportReplies.id));
}

/** The customer's request with this subject (the newest, if they wrote more than one): the seed's check. */
export async function findRequestBySubject(
  db: Db,
  query: { userId: string; subject: string },
): Promise<SupportRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(r)
    .where(and(eq(r.userId, query.userId), eq(r.subject, query.subject)))
    .orderBy(desc(r.createdAt))
    .limit(1);
  return row;
}
