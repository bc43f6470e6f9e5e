import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The dev mailbox: every message the server sends when no SMTP server is configured. Never used in
 * production, which requires SMTP_URL.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    // An identity, not a UUID: it orders messages sent within the same millisecond.
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("mail_outbox_to_address_idx").on(t.toAddress, t.id)],
);
