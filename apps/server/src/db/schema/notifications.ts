import { notificationKindSchema, notificationStatusSchema, notificationTypeSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";

// Owned by the notifications module: what the customer is told, made in the db transaction of the event
// it tells of, and the customer's notification settings.

/** The specification's notification types and statuses, and the events they tell of. */
export const notificationTypes = values(notificationTypeSchema);
export type NotificationType = (typeof notificationTypes)[number];
export const notificationStatuses = values(notificationStatusSchema);
export type NotificationStatus = (typeof notificationStatuses)[number];
export const notificationKinds = values(notificationKindSchema);
export type NotificationKind = (typeof notificationKinds)[number];
/** A notification's email: due (written with the notification, sent after its commit) or sent. */
export const notificationEmailStates = ["due", "sent"] as const;

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: notificationTypes }).notNull(),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    status: text("status", { enum: notificationStatuses }).notNull(),
    title: text("title").notNull(),
    message: text("message").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    /** Null while unread. */
    readAt: timestamptz("read_at"),
    /** The staff member who wrote it (a staff message); null for the bank's own notices. */
    sentBy: uuid("sent_by").references(() => users.id, { onDelete: "set null" }),
    /** Null: no email (Email Notifications was off when it was made). */
    email: text("email", { enum: notificationEmailStates }),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // The unread count and "Mark all as read": only the unread rows, however long the list.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
    // The emails waiting to be sent, oldest first: usually none.
    index("notifications_email_due_idx").on(t.createdAt).where(sql`${t.email} = 'due'`),
    check("notifications_type_check", sql`${t.type} in (${quoted(notificationTypes)})`),
    check("notifications_kind_check", sql`${t.kind} in (${quoted(notificationKinds)})`),
    check("notifications_status_check", sql`${t.status} in (${quoted(notificationStatuses)})`),
    check("notifications_email_check", sql`${t.email} in (${quoted(notificationEmailStates)})`),
  ],
);

/** A customer's Notification Settings; no row: all off (the specification's start). */
export const notificationSettings = pgTable("notification_settings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  transactionAlerts: boolean("transaction_alerts").notNull().default(false),
  securityAlerts: boolean("security_alerts").notNull().default(false),
  emailNotifications: boolean("email_notifications").notNull().default(false),
  updatedAt: timestamptz("updated_at").notNull(),
});
