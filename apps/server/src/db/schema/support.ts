import { supportRequestSourceSchema, supportRequestStatusSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";

// Owned by the support module: what customers ask the bank, kept until staff answer it.

const statuses = values(supportRequestStatusSchema);

export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The customer who asked: signed in, or (from the public contact form) the account whose email was
     * typed, if any: then the address is not proven to be the writer's.
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Where it came from: Help & Support (signed in) or the public contact form (signed out). */
    source: text("source", { enum: values(supportRequestSourceSchema) })
      .notNull()
      .default("account"),
    /** The name typed on the public contact form; null for a signed-in customer's request. */
    name: text("name"),
    /** The account's email when the request was made (or the one typed): where its confirmation went. */
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    /** As typed, lines kept (line feeds only): plain text, never HTML. */
    message: text("message").notNull(),
    status: text("status", { enum: statuses }).notNull().default("open"),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    index("support_requests_user_created_idx").on(t.userId, t.createdAt.desc()),
    // Staff work through the open ones, oldest first.
    index("support_requests_status_created_idx").on(t.status, t.createdAt),
    // Staff's list of every request, newest first.
    index("support_requests_created_idx").on(t.createdAt, t.id),
    check("support_requests_status_check", sql`${t.status} in (${quoted(statuses)})`),
    check(
      "support_requests_source_check",
      sql`${t.source} in (${quoted(values(supportRequestSourceSchema))})`,
    ),
    // A signed-in customer's request is theirs; only the public form's may belong to no account.
    check("support_requests_owner_check", sql`${t.source} = 'contact_form' or ${t.userId} is not null`),
  ],
);

/** Staff's answers to a support request, each mailed to the customer and shown in their notifications. */
export const supportReplies = pgTable(
  "support_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    staffUserId: uuid("staff_user_id")
      .notNull()
      .references(() => users.id),
    /** Plain text, lines kept (line feeds only). */
    message: text("message").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    index("support_replies_request_idx").on(t.requestId, t.createdAt),
    check("support_replies_message_length", sql`length(${t.message}) between 1 and 4000`),
  ],
);
