import type { AdminWithdrawal, AdminWithdrawalPage, ApprovalsFilter } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { cursorAt, keysetPage, positionAfter } from "../../domain/history.js";
import { levelOf } from "../../domain/kyc.js";
import { loginHistory } from "../account/index.js";
import { findUserById } from "../auth/index.js";
import { findItemStates } from "../kyc/index.js";
import { invalidCursorText, listWalletTransactions } from "../transactions/index.js";
import {
  addressHistory,
  type DecisionRow,
  findDecisions,
  listWithdrawalsByStatus,
  type WithdrawalRow,
} from "../withdrawals/index.js";

/** How much of the customer's past a card shows: their last sends and sign-ins. */
const RECENT = 5;

/**
 * The Approvals tab: withdrawals that wait for staff (or are held), oldest first as a queue, each with
 * what a member of staff needs to decide it: the customer, their verification level and account age,
 * their last sends and sign-ins, how often the address was paid before, and the decisions so far.
 */
export async function listApprovals({
  ctx,
  query,
}: {
  ctx: { db: Db };
  query: { status: ApprovalsFilter; cursor?: string | undefined; limit: number };
}): Promise<AdminWithdrawalPage> {
  const rows = await listWithdrawalsByStatus(ctx.db, {
    status: query.status,
    after: positionAfter(query.cursor, invalidCursorText),
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, cursorAt);
  const decisions = await findDecisions(
    ctx.db,
    page.map(({ row }) => row.id),
  );
  return {
    items: await Promise.all(page.map(({ row }) => toAdminWithdrawal(ctx.db, row, decisions))),
    nextCursor,
  };
}

async function toAdminWithdrawal(
  db: Db,
  row: WithdrawalRow,
  decisions: readonly DecisionRow[],
): Promise<AdminWithdrawal> {
  const own = decisions.filter((decision) => decision.withdrawalId === row.id);
  const [customer, items, sends, signIns, history, staff] = await Promise.all([
    findUserById(db, row.userId),
    findItemStates(db, row.userId),
    listWalletTransactions(db, {
      userId: row.userId,
      type: "send",
      after: null,
      limit: RECENT + 1,
    }),
    loginHistory({ ctx: { db }, userId: row.userId, limit: RECENT }),
    addressHistory(db, { userId: row.userId, address: row.address, before: row.createdAt }),
    Promise.all(own.map((decision) => findUserById(db, decision.staffId))),
  ]);
  if (customer === undefined) throw new Error(`withdrawal ${row.id} has no customer`);
  return {
    id: row.id,
    customer: { id: customer.id, name: customer.name, email: customer.email, username: customer.username },
    address: row.address,
    amountSats: row.amountSats.toString(),
    feeSats: row.feeSats.toString(),
    status: row.status,
    approvalsNeeded: row.approvalsNeeded,
    reviewReason: row.reviewReason,
    heldUntil: row.heldUntil?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    decisions: own.map((decision, i) => ({
      staff: { id: decision.staffId, name: staff[i]?.name ?? "" },
      decision: decision.decision,
      reason: decision.reason,
      createdAt: decision.createdAt.toISOString(),
    })),
    context: {
      kycLevel: levelOf(items),
      accountCreatedAt: customer.createdAt.toISOString(),
      // The withdrawal itself is the customer's latest send: the card shows the ones before it.
      recentSends: sends
        .map(({ row: send }) => send)
        .filter((send) => send.id !== row.id)
        .slice(0, RECENT)
        .map((send) => ({
          id: send.id,
          amountSats: send.amount.toString(),
          to: send.counterpartyUsername ?? send.address,
          status: send.status,
          createdAt: send.createdAt.toISOString(),
        })),
      recentSignIns: signIns,
      addressHistory: {
        byCustomer: history.byCustomer,
        byOthers: history.byOthers,
        firstPaidAt: history.firstPaidAt?.toISOString() ?? null,
      },
    },
    createdAt: row.createdAt.toISOString(),
  };
}
