import type { Statement, StatementEntry } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import { monthBounds } from "../../domain/statement-month.js";
import { type AccountPosting, readAccountPeriod } from "../../ledger/statement.js";
import { findUserById } from "../auth/index.js";
import { findStatementTransactions, type StatementTransactionRow } from "../transactions/index.js";
import { describePosting, postingTxid } from "./describe-entry.js";

export type StatementContext = { db: Db; clock: Clock; brandName: string };

export const futureMonthText = "That month has not begun yet: choose this month or an earlier one.";

/** The history row id a posting's reference names ("transaction:<id>"), if it is a well-formed id. */
function referencedId(reference: string | null): string | null {
  const id = reference?.startsWith("transaction:") ? reference.slice("transaction:".length) : null;
  return id !== null && isUuid(id) ? id : null;
}

/** The customer's history rows of these postings: by the transfer they name, or by the reference's id. */
async function rowsOf(db: Db, userId: string, postings: readonly AccountPosting[]) {
  const transferIds = new Set<number>();
  const ids = new Set<string>();
  for (const posting of postings) {
    transferIds.add(posting.depositTransferId ?? posting.transferId);
    const id = referencedId(posting.reference);
    if (id !== null) ids.add(id);
  }
  const rows = await findStatementTransactions(db, { userId, transferIds: [...transferIds], ids: [...ids] });
  const byTransfer = new Map<number, StatementTransactionRow>();
  const byId = new Map<string, StatementTransactionRow>();
  for (const row of rows) {
    if (row.transferId !== null) byTransfer.set(row.transferId, row);
    byId.set(row.id, row);
  }
  return (posting: AccountPosting) =>
    byTransfer.get(posting.depositTransferId ?? posting.transferId) ??
    byId.get(referencedId(posting.reference) ?? "");
}

/**
 * The customer's statement of a month in their time zone, from the ledger: the balance at the month's
 * first instant, every posting of their account in it with the balance after it, and the balance at the
 * next month's first instant (the opening plus the month's postings: the ledger's balance then). A month
 * before the customer's first posting is a statement of zeros; a month not begun yet is refused.
 */
export async function getStatement({
  ctx,
  userId,
  month,
  timeZone,
}: {
  ctx: StatementContext;
  userId: string;
  month: string;
  timeZone: string;
}): Promise<Statement> {
  const now = ctx.clock.now();
  const { from, to } = monthBounds(month, timeZone);
  if (from > now) throw new AppError("VALIDATION_ERROR", futureMonthText, { month: futureMonthText });
  const user = await findUserById(ctx.db, userId);
  if (user === undefined) throw new Error(`A statement for a user who does not exist: ${userId}`);
  const period = await readAccountPeriod(ctx.db, { userId, from, to });
  const rowOf = await rowsOf(ctx.db, userId, period.postings);
  let balance = period.opening;
  let totalIn = 0n;
  let totalOut = 0n;
  let fees = 0n;
  const entries: StatementEntry[] = period.postings.map((posting) => {
    balance += posting.change;
    if (posting.change > 0n) totalIn += posting.change;
    else totalOut -= posting.change;
    if (posting.kind === "withdrawal_fee") fees -= posting.change;
    const row = rowOf(posting);
    return {
      at: posting.at.toISOString(),
      description: describePosting(posting, row),
      amountSats: posting.change.toString(),
      balanceAfterSats: balance.toString(),
      transactionId: row?.id ?? null,
      txid: postingTxid(posting, row),
      note: row?.note ?? null,
      label: row?.label ?? null,
    };
  });
  return {
    bankName: ctx.brandName,
    customer: { name: user.name, username: user.username, email: user.email },
    period: { month, timeZone, from: from.toISOString(), to: to.toISOString() },
    openingBalanceSats: period.opening.toString(),
    closingBalanceSats: balance.toString(),
    totalInSats: totalIn.toString(),
    totalOutSats: totalOut.toString(),
    feesSats: fees.toString(),
    entries,
    generatedAt: now.toISOString(),
  };
}
