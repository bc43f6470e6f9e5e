import { auditActionSchema, auditTargetTypeSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { bigint, check, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";

// Owned by the audit module: what staff did, written in the db transaction of the action itself.
// Append-only: a trigger (migration 0016) refuses UPDATE, DELETE and TRUNCATE, as on ledger_transfers.

export const auditActions = values(auditActionSchema);
export const auditTargetTypes = values(auditTargetTypeSchema);

export const auditEvents = pgTable(
  "audit_events",
  {
    /** Increasing with time: the log's order and its keyset. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Who: the member of staff. No cascade: a person with an audit trail is never deleted with it. */
    actorUserId: uuid("actor_user_id")
      .notNull()
      .references(() => users.id),
    /** What: one code per action. */
    action: text("action", { enum: auditActions }).notNull(),
    targetType: text("target_type", { enum: auditTargetTypes }).notNull(),
    /** The target's id (a customer's, a submission's, a support request's); null for a list (an export). */
    targetId: text("target_id"),
    /** The customer the action concerned, when there is one: their page lists it. */
    customerId: uuid("customer_id").references(() => users.id),
    /** From where: the request's client address and browser; null for an action not made over HTTP. */
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    /** Why: the reason staff gave. */
    reason: text("reason"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    /** When. */
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    index("audit_events_actor_idx").on(t.actorUserId, t.id.desc()),
    index("audit_events_action_idx").on(t.action, t.id.desc()),
    index("audit_events_target_idx").on(t.targetId, t.id.desc()),
    index("audit_events_customer_idx").on(t.customerId, t.id.desc()),
    index("audit_events_reason_trgm_idx").using("gin", t.reason.op("gin_trgm_ops")),
    check("audit_events_action_check", sql`${t.action} in (${quoted(auditActions)})`),
    check("audit_events_target_type_check", sql`${t.targetType} in (${quoted(auditTargetTypes)})`),
    check("audit_events_reason_length", sql`length(${t.reason}) <= 500`),
    check("audit_events_user_agent_length", sql`length(${t.userAgent}) <= 512`),
  ],
);
