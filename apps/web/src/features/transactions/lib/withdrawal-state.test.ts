import { describe, expect, it } from "vitest";
import { localIso } from "@/test/admin-fixtures";
import { isCancellable, rowWithdrawalText, withdrawalStateText } from "./withdrawal-state";

const progress = (
  state: Parameters<typeof withdrawalStateText>[0]["state"],
  heldUntil: string | null = null,
) => ({
  withdrawal: { state, heldUntil, reason: null },
});

describe("withdrawal state", () => {
  it("says where a withdrawal stands, a hold with its end in local time", () => {
    expect(withdrawalStateText({ state: "held", heldUntil: localIso(2025, 4, 18, 14, 5) })).toBe(
      "Held until Apr 18, 2025 14:05",
    );
    expect(withdrawalStateText({ state: "awaiting_approval", heldUntil: null })).toBe("Waiting for approval");
    expect(withdrawalStateText({ state: "queued", heldUntil: null })).toBe("Queued");
    expect(withdrawalStateText({ state: "broadcast", heldUntil: null })).toBe("Broadcast");
    expect(withdrawalStateText({ state: "confirmed", heldUntil: null })).toBe("Confirmed");
    expect(withdrawalStateText({ state: "cancelled", heldUntil: null })).toBe("Cancelled");
    expect(withdrawalStateText({ state: "rejected", heldUntil: null })).toBe("Rejected");
    expect(withdrawalStateText({ state: "failed", heldUntil: null })).toBe("Failed");
  });

  it("a row adds the state unless its status word says it already", () => {
    expect(rowWithdrawalText({ withdrawal: null })).toBeNull();
    expect(rowWithdrawalText(progress("confirmed"))).toBeNull();
    expect(rowWithdrawalText(progress("failed"))).toBeNull();
    expect(rowWithdrawalText(progress("broadcast"))).toBe("Broadcast");
    expect(rowWithdrawalText(progress("cancelled"))).toBe("Cancelled");
  });

  it("only a held withdrawal or one waiting for approval may be cancelled", () => {
    expect(isCancellable(progress("held", localIso(2025, 4, 18)))).toBe(true);
    expect(isCancellable(progress("awaiting_approval"))).toBe(true);
    for (const state of ["queued", "broadcast", "confirmed", "cancelled", "rejected", "failed"] as const) {
      expect(isCancellable(progress(state))).toBe(false);
    }
    expect(isCancellable({ withdrawal: null })).toBe(false);
  });
});
