import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";

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
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [index("mail_outbox_to_address_idx").on(t.toAddress, t.id)],
);
