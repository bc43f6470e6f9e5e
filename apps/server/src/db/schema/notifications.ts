import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";

// Owned by the notifications module: what the customer is told, made in the db transaction of the event
// it tells of.

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const quoted = (list: readonly string[]) => sql.raw(list.map((value) => `'${value}'`).join(", "));

/** The specification's notification types and statuses. */
export const notificationTypes = ["transaction", "kyc", "security", "system"] as const;
export type NotificationType = (typeof notificationTypes)[number];
export const notificationStatuses = ["success", "warning", "info", "pending"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    status: text("status", { enum: notificationStatuses }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    /** Null while unread. */
    readAt: timestamptz("read_at"),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    check("notifications_type_check", sql`${t.type} in (${quoted(notificationTypes)})`),
    check("notifications_status_check", sql`${t.status} in (${quoted(notificationStatuses)})`),
  ],
);
