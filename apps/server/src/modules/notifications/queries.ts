import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cursorTime } from "../../db/keyset.js";
import { notificationSettings, notifications } from "../../db/schema/index.js";
import type { HistoryPosition } from "../../domain/history.js";

// The notifications module owns notifications and notification_settings: only this file touches them.

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** The channel each notification made is announced on (pg_notify), at its commit. */
export const NOTIFICATIONS_CHANNEL = "satsbank_notifications";

const t = notifications;
const positionTime = cursorTime(t.createdAt);

/**
 * Writes a notification and announces it on NOTIFICATIONS_CHANNEL (`announcement`). PostgreSQL (and PGlite)
 * deliver the announcement when the db transaction commits, never when it rolls back: the stream and the
 * email sender hear only of notifications that exist.
 */
export async function insertNotification(db: Db, row: NotificationRow): Promise<void> {
  await insertNotifications(db, [row]);
}

/** insertNotification for several rows: one insert and one statement announcing them all. */
export async function insertNotifications(db: Db, rows: readonly NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(t).values([...rows]);
  const calls = rows.map((row) => sql`pg_notify(${NOTIFICATIONS_CHANNEL}, ${announcement(row)})`);
  await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
}

/** "<userId>:<id>", and ":email" when its email is due (the email sender wakes for those only). */
export function announcement(row: Pick<NotificationRow, "userId" | "id" | "email">): string {
  return `${row.userId}:${row.id}${row.email === "due" ? ":email" : ""}`;
}

/**
 * One page of a customer's notifications, newest first, by keyset (the rows strictly after `after`),
 * spelled to match the index (user_id, created_at desc, id desc).
 */
export async function listNotificationRows(
  db: Db,
  query: { userId: string; after: HistoryPosition | null; limit: number },
): Promise<{ row: NotificationRow; position: HistoryPosition }[]> {
  const conditions = [eq(t.userId, query.userId)];
  if (query.after !== null) {
    conditions.push(
      sql`(${t.createdAt}, ${t.id}) < (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ row: t, positionTime })
    .from(t)
    .where(and(...conditions))
    .orderBy(sql`${t.createdAt} desc nulls last`, sql`${t.id} desc nulls last`)
    .limit(query.limit);
  return rows.map(({ row, positionTime: createdAt }) => ({ row, position: { createdAt, id: row.id } }));
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(t)
    .where(and(eq(t.userId, userId), isNull(t.readAt)));
  return row?.unread ?? 0;
}

/** The customer's own notifications among `ids` (anyone else's are not found). */
export async function findNotifications(
  db: Db,
  { userId, ids }: { userId: string; ids: readonly string[] },
): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), inArray(t.id, [...ids])))
    .orderBy(asc(t.createdAt), asc(t.id));
}

/** Marks one of the customer's notifications read (once: a read one keeps its first time). */
export async function markRead(
  db: Db,
  { userId, id, at }: { userId: string; id: string; at: Date },
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(t)
    .set({ readAt: sql`coalesce(${t.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(t.userId, userId), eq(t.id, id)))
    .returning();
  return row;
}

/** Marks every unread notification of the customer read; answers how many were. */
export async function markAllRead(db: Db, { userId, at }: { userId: string; at: Date }): Promise<number> {
  const rows = await db
    .update(t)
    .set({ readAt: at })
    .where(and(eq(t.userId, userId), isNull(t.readAt)))
    .returning({ id: t.id });
  return rows.length;
}

/**
 * Claims up to `limit` notifications whose email is due, oldest first, and marks them sent in the same
 * statement: of several processes sweeping at once each claims its own (skip locked), and an email is sent
 * at most once.
 */
export async function claimDueEmails(db: Db, limit: number): Promise<NotificationRow[]> {
  return db
    .update(t)
    .set({ email: "sent" })
    .where(
      inArray(
        t.id,
        sql`(select ${t.id} from ${t} where ${t.email} = 'due' order by ${t.createdAt} limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
}

export async function findSettings(db: Db, userId: string): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

/** The settings rows of those customers who have one, by customer. */
export async function findSettingsOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, NotificationSettingsRow>> {
  const rows = await db
    .select()
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row]));
}

/** Writes the switches given, the others as they were (all off for a customer without a row). */
export async function upsertSettings(
  db: Db,
  {
    userId,
    changes,
    at,
  }: {
    userId: string;
    changes: Partial<
      Pick<NotificationSettingsRow, "transactionAlerts" | "securityAlerts" | "emailNotifications">
    >;
    at: Date;
  },
): Promise<NotificationSettingsRow> {
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...changes, updatedAt: at })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...changes, updatedAt: at } })
    .returning();
  if (row === undefined) throw new Error(`notification settings of ${userId} not written`);
  return row;
}
