import { z } from "zod";
import { keysetCursorSchema, keysetPageSchema, searchTextSchema } from "../lists.js";
import { plainText } from "../text.js";
import { adminPageLimitSchema, customerRefSchema } from "./common.js";

// The audit log: every action staff took, never changed.

/** What a member of staff did: one code per action. */
export const auditActionSchema = z.enum([
  "customer.deactivated",
  "customer.reactivated",
  "customer.messaged",
  "customer.statement_viewed",
  "kyc.decided",
  "kyc.overridden",
  "support.replied",
  "support.closed",
  "transactions.exported",
  "withdrawal.approved",
  "withdrawal.rejected",
  "deposit.reversed",
  "deposit.absorbed",
  "payouts.resumed",
  "vault.refill_started",
  "vault.refill_signed",
  "vault.refill_broadcast",
  "vault.refill_cancelled",
  "proof.epoch_built",
  "proof.reserves_signed",
]);
export type AuditAction = z.infer<typeof auditActionSchema>;

export const auditActionLabels = {
  "customer.deactivated": "Deactivated a customer",
  "customer.reactivated": "Reactivated a customer",
  "customer.messaged": "Sent a customer a message",
  "customer.statement_viewed": "Viewed a customer's monthly statement",
  "kyc.decided": "Decided a KYC submission",
  "kyc.overridden": "Overrode an automated KYC decision",
  "support.replied": "Replied to a support request",
  "support.closed": "Closed a support request",
  "transactions.exported": "Exported transactions (CSV)",
  "withdrawal.approved": "Approved a withdrawal",
  "withdrawal.rejected": "Rejected a withdrawal",
  "deposit.reversed": "Reversed a reorganised deposit",
  "deposit.absorbed": "Absorbed a reorganised deposit",
  "payouts.resumed": "Resumed payouts by hand",
  "vault.refill_started": "Started a vault refill",
  "vault.refill_signed": "Uploaded a signed vault refill",
  "vault.refill_broadcast": "Broadcast a vault refill",
  "vault.refill_cancelled": "Cancelled a vault refill",
  "proof.epoch_built": "Built a proof-of-reserves epoch",
  "proof.reserves_signed": "Uploaded the vault's signatures of a reserves proof",
} as const satisfies Record<AuditAction, string>;

/** What an action was done to. */
export const auditTargetTypeSchema = z.enum([
  "customer",
  "kyc_submission",
  "support_request",
  "transactions",
  "withdrawal",
  "deposit",
  "payouts",
  "vault_refill",
  "proof_epoch",
]);
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

export const auditTargetTypeLabels = {
  customer: "Customer",
  kyc_submission: "KYC submission",
  support_request: "Support request",
  transactions: "Transactions",
  withdrawal: "Withdrawal",
  deposit: "Deposit",
  payouts: "Payouts",
  vault_refill: "Vault refill",
  proof_epoch: "Proof-of-reserves epoch",
} as const satisfies Record<AuditTargetType, string>;

/** One entry of the audit log: who, what (and to what), when, from where, why. Never changed. */
export const auditEventSchema = z.object({
  /** Increasing with time: a decimal string. */
  id: z.string(),
  action: auditActionSchema,
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  target: z.object({ type: auditTargetTypeSchema, id: z.string().nullable() }),
  /** The customer the action concerned, if any. */
  customer: customerRefSchema.nullable(),
  /** The request's client address and browser; null for an action not made over HTTP (the seed). */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The reason staff gave, when one was asked for or given. */
  reason: z.string().nullable(),
  /** The action's particulars (the decision, the filters of an export, ...). */
  details: z.record(z.string(), z.unknown()),
  createdAt: z.iso.datetime(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/**
 * `GET /api/admin/audit`: newest first, keyset pages. `actor` (a staff id), `action`, `target` (a target's
 * id or the concerned customer's id) filter exactly; `q` matches the reason, the target id, and the
 * actor's or the customer's name and email anywhere.
 */
export const listAuditEventsQuerySchema = z.object({
  actor: z.uuid().optional(),
  action: auditActionSchema.optional(),
  target: z.string().trim().check(plainText).max(100).optional(),
  q: searchTextSchema,
  cursor: keysetCursorSchema,
  limit: adminPageLimitSchema,
});
export type ListAuditEventsQuery = z.input<typeof listAuditEventsQuerySchema>;

export const auditEventPageSchema = keysetPageSchema(auditEventSchema);
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;
