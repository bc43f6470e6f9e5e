import { sql } from "drizzle-orm";
import { check, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";

/** The state of one verification item, as the specification's profile lists it. */
export const kycItemStatuses = ["required", "pending", "verified", "rejected"] as const;
export type KycItemStatus = (typeof kycItemStatuses)[number];

/**
 * A customer's identity and address verification. No row: nothing verified yet. Owned by the kyc
 * module; the KYC issue adds documents and review on top of it.
 */
export const kycStatus = pgTable(
  "kyc_status",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    identity: text("identity", { enum: kycItemStatuses }).notNull().default("required"),
    address: text("address", { enum: kycItemStatuses }).notNull().default("required"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    check("kyc_status_identity_check", sql`${t.identity} in ('required', 'pending', 'verified', 'rejected')`),
    check("kyc_status_address_check", sql`${t.address} in ('required', 'pending', 'verified', 'rejected')`),
  ],
);
