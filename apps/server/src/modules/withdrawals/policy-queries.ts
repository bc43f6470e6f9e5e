import { and, asc, count, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { cursorTime } from "../../db/keyset.js";
import { type ApprovalDecision, withdrawalApprovals, withdrawals } from "../../db/schema/index.js";
import type { HistoryPosition } from "../../domain/history.js";
import type { WithdrawalRow } from "./queries.js";

// The withdrawal policy's reads and writes of withdrawals and withdrawal_approvals (the withdrawals module
// owns both): what a customer paid before, their pace, holds that end, and staff's decisions.

/** True when this customer paid `address` before: a withdrawal to it went out (sent, or completed). */
export async function paidAddressBefore(
  db: Db,
  { userId, address }: { userId: string; address: string },
): Promise<boolean> {
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        eq(withdrawals.address, address),
        inArray(withdrawals.status, ["sent", "completed"]),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many withdrawals the customer made after `since` (whatever became of them). */
export async function countWithdrawalsSince(
  db: Db,
  { userId, since }: { userId: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gt(withdrawals.createdAt, since)));
  return Number(row?.n ?? 0);
}

/**
 * Ends every hold that is over at `now`, in one statement: each held withdrawal goes on to wait for its
 * approvals, or to the payout queue. Answers what moved, and where.
 */
export async function releaseHeld(db: Db, now: Date): Promise<Array<Pick<WithdrawalRow, "id" | "status">>> {
  return db
    .update(withdrawals)
    .set({
      status: sql`case when ${withdrawals.approvalsNeeded} > 0 then 'awaiting_approval' else 'queued' end`,
    })
    .where(and(eq(withdrawals.status, "held"), lte(withdrawals.heldUntil, now)))
    .returning({ id: withdrawals.id, status: withdrawals.status });
}

/** One withdrawal, its row locked to the end of the db transaction (every decision on it takes this lock). */
export async function lockWithdrawal(db: Db, id: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for("update");
  return row;
}

export async function setWithdrawalStatus(
  db: Db,
  id: string,
  values: Pick<WithdrawalRow, "status"> & Partial<Pick<WithdrawalRow, "finishedAt" | "rejectionReason">>,
): Promise<void> {
  await db.update(withdrawals).set(values).where(eq(withdrawals.id, id));
}

/**
 * Records one member of staff's decision on a withdrawal; false when they decided it already (four eyes:
 * one decision per person, the primary key says so).
 */
export async function insertDecision(
  db: Db,
  row: { withdrawalId: string; staffId: string; decision: ApprovalDecision; reason: string | null; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(withdrawalApprovals)
    .values({
      withdrawalId: row.withdrawalId,
      staffId: row.staffId,
      decision: row.decision,
      reason: row.reason,
      createdAt: row.at,
    })
    .onConflictDoNothing()
    .returning({ staffId: withdrawalApprovals.staffId });
  return inserted.length === 1;
}

export type DecisionRow = typeof withdrawalApprovals.$inferSelect;

/** The decisions on these withdrawals, oldest first. */
export async function findDecisions(db: Db, withdrawalIds: readonly string[]): Promise<DecisionRow[]> {
  if (withdrawalIds.length === 0) return [];
  return db
    .select()
    .from(withdrawalApprovals)
    .where(inArray(withdrawalApprovals.withdrawalId, [...withdrawalIds]))
    .orderBy(asc(withdrawalApprovals.createdAt));
}

/**
 * Withdrawals of a status, oldest first (the Approvals tab is a queue), a keyset page after a position on
 * (created_at, id).
 */
export async function listWithdrawalsByStatus(
  db: Db,
  query: { status: WithdrawalRow["status"]; after: HistoryPosition | null; limit: number },
): Promise<Array<{ row: WithdrawalRow; position: HistoryPosition }>> {
  const after =
    query.after === null
      ? undefined
      : sql`(${withdrawals.createdAt}, ${withdrawals.id}) > (${query.after.createdAt}::timestamptz, ${query.after.id}::uuid)`;
  const rows = await db
    .select({ row: withdrawals, positionTime: cursorTime(withdrawals.createdAt) })
    .from(withdrawals)
    .where(and(eq(withdrawals.status, query.status), after))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.id))
    .limit(query.limit);
  return rows.map(({ row, positionTime }) => ({ row, position: { createdAt: positionTime, id: row.id } }));
}

/** How often `address` was paid before: by this customer, and by the bank's other customers. */
export async function addressHistory(
  db: Db,
  { userId, address, before }: { userId: string; address: string; before: Date },
): Promise<{ byCustomer: number; byOthers: number; firstPaidAt: Date | null }> {
  const [row] = await db
    .select({
      byCustomer: sql<string>`count(*) filter (where ${withdrawals.userId} = ${userId})`,
      byOthers: sql<string>`count(*) filter (where ${withdrawals.userId} <> ${userId})`,
      firstPaidAt: sql<Date | null>`min(${withdrawals.createdAt})`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.address, address),
        inArray(withdrawals.status, ["sent", "completed"]),
        lte(withdrawals.createdAt, before),
      ),
    );
  const first = row?.firstPaidAt;
  return {
    byCustomer: Number(row?.byCustomer ?? 0),
    byOthers: Number(row?.byOthers ?? 0),
    firstPaidAt: first === null || first === undefined ? null : new Date(first),
  };
}
