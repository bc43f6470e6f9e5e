import { and, desc, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.js";
import { auditEvents, users } from "../../db/schema/index.js";

// The audit module owns audit_events: only this file touches it. It is only ever inserted into (a
// trigger refuses the rest); other modules write through recordAuditEvent, in their action's db
// transaction.

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEvent = Omit<typeof auditEvents.$inferInsert, "id">;

export async function insertAuditEvent(db: Db, row: NewAuditEvent): Promise<number> {
  const [inserted] = await db.insert(auditEvents).values(row).returning({ id: auditEvents.id });
  if (inserted === undefined) throw new Error("insert into audit_events returned no row");
  return Number(inserted.id);
}

export type AuditSearch = {
  actorId: string | null;
  action: AuditEventRow["action"] | null;
  /** A target's id, or the concerned customer's id (when it is a UUID). */
  target: { text: string; uuid: string | null } | null;
  /** An ILIKE pattern: the reason, the target id, the actor's or customer's name and email. */
  pattern: string | null;
  customerId: string | null;
  /** Rows older than this id. */
  beforeId: number | null;
  limit: number;
};

const actor = alias(users, "actor");
const customer = alias(users, "customer");
const e = auditEvents;

export type ListedAuditEvent = {
  row: AuditEventRow;
  actor: { id: string; name: string; email: string };
  customer: { id: string; name: string; email: string; username: string } | null;
};

/** A page of the log, newest first (by id, which grows with time), with who acted and for whom. */
export async function listAuditEvents(db: Db, search: AuditSearch): Promise<ListedAuditEvent[]> {
  const conditions: SQL[] = [];
  if (search.actorId !== null) conditions.push(eq(e.actorUserId, search.actorId));
  if (search.action !== null) conditions.push(eq(e.action, search.action));
  if (search.customerId !== null) conditions.push(eq(e.customerId, search.customerId));
  if (search.target !== null) {
    const { text, uuid } = search.target;
    const byTarget = eq(e.targetId, text);
    conditions.push(uuid === null ? byTarget : (or(byTarget, eq(e.customerId, uuid)) as SQL));
  }
  if (search.pattern !== null) {
    const p = search.pattern;
    conditions.push(
      sql`(${e.reason} ilike ${p} or ${e.targetId} ilike ${p} or ${actor.name} ilike ${p} or ${actor.email} ilike ${p} or ${customer.name} ilike ${p} or ${customer.email} ilike ${p})`,
    );
  }
  if (search.beforeId !== null) conditions.push(lt(e.id, search.beforeId));
  const rows = await db
    .select({
      row: e,
      actor: { id: actor.id, name: actor.name, email: actor.email },
      customerId: customer.id,
      customerName: customer.name,
      customerEmail: customer.email,
      customerUsername: customer.username,
    })
    .from(e)
    .innerJoin(actor, eq(actor.id, e.actorUserId))
    .leftJoin(customer, eq(customer.id, e.customerId))
    .where(conditions.length === 0 ? undefined : and(...conditions))
    .orderBy(desc(e.id))
    .limit(search.limit);
  return rows.map((r) => ({
    row: { ...r.row, id: Number(r.row.id) },
    actor: r.actor,
    customer:
      r.customerId === null
        ? null
        : {
            id: r.customerId,
            name: r.customerName ?? "",
            email: r.customerEmail ?? "",
            username: r.customerUsername ?? "",
          },
  }));
}
