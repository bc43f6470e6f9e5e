import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";

// The notifications module owns notifications: only this file touches it.

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotification(db: Db, row: NotificationRow): Promise<void> {
  await db.insert(notifications).values(row);
}

/** The customer's newest notifications. */
export async function findNotifications(db: Db, userId: string, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}
