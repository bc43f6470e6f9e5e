import type { Db } from "../../db/client.js";
import type { Sats } from "../../domain/money.js";
import {
  firstStatus,
  gateWithdrawal,
  HOUR_MS,
  type WithdrawalGate,
  type WithdrawalPolicy,
} from "../../domain/withdrawal-policy.js";
import { countWithdrawalsSince, paidAddressBefore } from "./policy-queries.js";
import { insertWithdrawal } from "./queries.js";

export type QueuedWithdrawal = WithdrawalGate & { status: "held" | "awaiting_approval" | "queued" };

/**
 * What the withdrawal policy asks of a withdrawal of `amount` to `address` by this customer at `at`: a hold
 * when they never paid the address, approvals by amount or by their pace this hour. Read in the caller's
 * db transaction; the send holds the customer's send-limit lock, so two sends of theirs never both count
 * the same past.
 */
export async function withdrawalGate(
  db: Db,
  entry: { userId: string; address: string; amount: Sats; at: Date; policy: WithdrawalPolicy },
): Promise<WithdrawalGate> {
  const [paidBefore, earlierThisHour] = await Promise.all([
    paidAddressBefore(db, entry),
    countWithdrawalsSince(db, { userId: entry.userId, since: new Date(entry.at.getTime() - HOUR_MS) }),
  ]);
  return gateWithdrawal({
    policy: entry.policy,
    amount: entry.amount,
    paidBefore,
    earlierThisHour,
    at: entry.at,
  });
}

/**
 * Records a withdrawal the customer confirmed, in the send's db transaction (after its posting), where the
 * policy puts it: held, awaiting approval, or queued for the worker's next payout. Its id is the
 * customer's transaction.
 */
export async function queueWithdrawal(
  db: Db,
  entry: { id: string; userId: string; address: string; amountSats: Sats; feeSats: Sats; at: Date },
  gate: WithdrawalGate,
): Promise<QueuedWithdrawal> {
  const status = firstStatus(gate);
  await insertWithdrawal(db, {
    id: entry.id,
    userId: entry.userId,
    address: entry.address,
    amountSats: entry.amountSats,
    feeSats: entry.feeSats,
    status,
    payoutTxid: null,
    payoutVout: null,
    heldUntil: gate.heldUntil,
    approvalsNeeded: gate.approvalsNeeded,
    reviewReason: gate.reviewReason,
    rejectionReason: null,
    createdAt: entry.at,
    finishedAt: null,
  });
  return { ...gate, status };
}
