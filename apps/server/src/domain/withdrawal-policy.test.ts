import { describe, expect, it } from "vitest";
import { sats } from "./money.js";
import { afterHold, firstStatus, gateWithdrawal, type WithdrawalPolicy } from "./withdrawal-policy.js";

const policy: WithdrawalPolicy = {
  newAddressHoldMs: 24 * 3_600_000,
  reviewSats: sats(10_000_000n),
  dualApprovalSats: sats(100_000_000n),
  perHourReview: 5,
};
const at = new Date("2026-11-27T10:00:00.000Z");
const gate = (amount: bigint, paidBefore: boolean, earlierThisHour = 0, p = policy) =>
  gateWithdrawal({ policy: p, amount: sats(amount), paidBefore, earlierThisHour, at });

describe("gateWithdrawal", () => {
  it("holds a first withdrawal to a new address for the hold, and releases an address paid before", () => {
    expect(gate(50_000n, false)).toEqual({
      heldUntil: new Date("2026-11-28T10:00:00.000Z"),
      approvalsNeeded: 0,
      reviewReason: null,
    });
    expect(gate(50_000n, true).heldUntil).toBeNull();
    expect(gate(50_000n, false, 0, { ...policy, newAddressHoldMs: 0 }).heldUntil).toBeNull();
  });

  it("asks one approval above the review amount and two above the dual amount (not at them)", () => {
    expect(gate(10_000_000n, true)).toMatchObject({ approvalsNeeded: 0, reviewReason: null });
    expect(gate(10_000_001n, true)).toMatchObject({ approvalsNeeded: 1, reviewReason: "amount" });
    expect(gate(100_000_000n, true)).toMatchObject({ approvalsNeeded: 1, reviewReason: "amount" });
    expect(gate(100_000_001n, true)).toMatchObject({ approvalsNeeded: 2, reviewReason: "dual_amount" });
  });

  it("sends the withdrawals after the hour's allowance to review", () => {
    expect(gate(1_000n, true, 4)).toMatchObject({ approvalsNeeded: 0, reviewReason: null });
    expect(gate(1_000n, true, 5)).toMatchObject({ approvalsNeeded: 1, reviewReason: "velocity" });
    // The amount's reason wins: it may ask for two approvals.
    expect(gate(100_000_001n, true, 9)).toMatchObject({ approvalsNeeded: 2, reviewReason: "dual_amount" });
  });
});

describe("where a withdrawal starts and goes after its hold", () => {
  it("is held first, then waits for staff when it needs them, else is queued", () => {
    expect(firstStatus(gate(50_000n, false))).toBe("held");
    expect(firstStatus(gate(20_000_000n, true))).toBe("awaiting_approval");
    expect(firstStatus(gate(50_000n, true))).toBe("queued");
    expect(afterHold(0)).toBe("queued");
    expect(afterHold(2)).toBe("awaiting_approval");
  });
});
