import type { AuditAction, AuditTargetType } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import type { StaffActor } from "../../domain/staff.js";
import { insertAuditEvent } from "./queries.js";

export type AuditRecord = {
  staff: StaffActor;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null };
  /** The customer the action concerned, if any. */
  customerId?: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

/**
 * Writes what a member of staff did to the audit log. Call it in the db transaction of the action itself:
 * the action and its record commit together or not at all. Answers the event's id.
 */
export function recordAuditEvent(db: Db, record: AuditRecord): Promise<number> {
  return insertAuditEvent(db, {
    actorUserId: record.staff.userId,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    customerId: record.customerId ?? null,
    ipAddress: record.staff.ip,
    userAgent: record.staff.userAgent?.slice(0, 512) ?? null,
    reason: record.reason ?? null,
    details: record.details ?? {},
    createdAt: record.at,
  });
}
