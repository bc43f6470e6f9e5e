import type { Sats } from "./money.js";

// The withdrawal policy (issue 19): what slows the withdrawals a thief would make. Pure: the send reads
// the customer's history under its lock and asks these rules what the withdrawal must wait for.

export type WithdrawalPolicy = {
  /** A first withdrawal to an address this customer never paid waits this long (0: not at all). */
  newAddressHoldMs: number;
  /** Above this amount one member of staff approves. */
  reviewSats: Sats;
  /** Above this amount two different members of staff approve. */
  dualApprovalSats: Sats;
  /** More withdrawals than this by one customer within an hour go to review. */
  perHourReview: number;
};

export type ReviewReason = "amount" | "dual_amount" | "velocity";

/** What a withdrawal waits for before it is queued for a payout. */
export type WithdrawalGate = {
  /** Held until then (a first withdrawal to a new address); null: not held. */
  heldUntil: Date | null;
  /** Staff approvals it needs: 0, 1, or 2 by two different members of staff. */
  approvalsNeeded: 0 | 1 | 2;
  reviewReason: ReviewReason | null;
};

export const HOUR_MS = 3_600_000;

/**
 * The gate of a withdrawal of `amount` confirmed at `at`: held when the address is new to this customer
 * (`paidBefore` false) and holds are on; approvals by amount (the dual threshold first), else by velocity
 * (`earlierThisHour` withdrawals already made in the hour before `at`).
 */
export function gateWithdrawal({
  policy,
  amount,
  paidBefore,
  earlierThisHour,
  at,
}: {
  policy: WithdrawalPolicy;
  amount: Sats;
  paidBefore: boolean;
  earlierThisHour: number;
  at: Date;
}): WithdrawalGate {
  const heldUntil =
    paidBefore || policy.newAddressHoldMs === 0 ? null : new Date(at.getTime() + policy.newAddressHoldMs);
  if (amount > policy.dualApprovalSats) return { heldUntil, approvalsNeeded: 2, reviewReason: "dual_amount" };
  if (amount > policy.reviewSats) return { heldUntil, approvalsNeeded: 1, reviewReason: "amount" };
  if (earlierThisHour >= policy.perHourReview)
    return { heldUntil, approvalsNeeded: 1, reviewReason: "velocity" };
  return { heldUntil, approvalsNeeded: 0, reviewReason: null };
}

/** Where a gated withdrawal starts: held, awaiting approval, or queued for the next payout. */
export function firstStatus(gate: WithdrawalGate): "held" | "awaiting_approval" | "queued" {
  if (gate.heldUntil !== null) return "held";
  return gate.approvalsNeeded > 0 ? "awaiting_approval" : "queued";
}

/** Where a held withdrawal goes when its hold ends. */
export function afterHold(approvalsNeeded: number): "awaiting_approval" | "queued" {
  return approvalsNeeded > 0 ? "awaiting_approval" : "queued";
}
