import type { AuditAction, AuditEvent, AuditEventPage } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { containsPattern, isUuid, keysetPage } from "../../domain/history.js";
import { type ListedAuditEvent, listAuditEvents as queryAuditEvents } from "./queries.js";

export const invalidAuditCursorText = "This page of the audit log is no longer available. Reload it.";

/** An event as staff read it. */
export function toAuditEvent({ row, actor, customer }: ListedAuditEvent): AuditEvent {
  return {
    id: String(row.id),
    action: row.action,
    actor,
    target: { type: row.targetType, id: row.targetId },
    customer,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit log, newest first: filtered by actor, action and target, searched by text, in keyset pages. */
export async function listAuditEvents({
  ctx,
  query,
}: {
  ctx: { db: Db };
  query: {
    actor?: string | undefined;
    action?: AuditAction | undefined;
    target?: string | undefined;
    q?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  };
}): Promise<AuditEventPage> {
  let beforeId: number | null = null;
  if (query.cursor !== undefined) {
    if (!/^[1-9]\d{0,15}$/.test(query.cursor))
      throw new AppError("VALIDATION_ERROR", invalidAuditCursorText, { cursor: invalidAuditCursorText });
    beforeId = Number(query.cursor);
  }
  const target = query.target?.trim() ?? "";
  const q = query.q?.trim() ?? "";
  const rows = await queryAuditEvents(ctx.db, {
    actorId: query.actor?.toLowerCase() ?? null,
    action: query.action ?? null,
    target:
      target === ""
        ? null
        : { text: target, uuid: isUuid(target.toLowerCase()) ? target.toLowerCase() : null },
    pattern: q === "" ? null : containsPattern(q),
    customerId: null,
    beforeId,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, (last) => String(last.row.id));
  return { items: page.map(toAuditEvent), nextCursor };
}

/** The newest staff actions about one customer (User Details). */
export async function auditEventsOfCustomer(
  db: Db,
  customerId: string,
  limit: number,
): Promise<AuditEvent[]> {
  const rows = await queryAuditEvents(db, {
    actorId: null,
    action: null,
    target: null,
    pattern: null,
    customerId,
    beforeId: null,
    limit,
  });
  return rows.map(toAuditEvent);
}
