import { describe, expect, it } from "vitest";
import { dailyLimitFor, documentDateProblem, levelOf, maySend, remainingOf, resumeStep } from "./kyc.js";
import { sats } from "./money.js";

const limits = { level1: sats(10_000_000n), level2: sats(200_000_000n) };

describe("verification levels", () => {
  it("are 0 until identity and address are verified, 1 then, 2 with the enhanced level", () => {
    expect(levelOf({})).toBe(0);
    expect(levelOf({ identity: "verified", address: "pending" })).toBe(0);
    expect(levelOf({ identity: "verified", address: "verified" })).toBe(1);
    expect(levelOf({ identity: "verified", address: "verified", enhanced: "pending" })).toBe(1);
    expect(levelOf({ identity: "verified", address: "verified", enhanced: "verified" })).toBe(2);
    // Enhanced alone is not enough.
    expect(levelOf({ identity: "rejected", address: "verified", enhanced: "verified" })).toBe(0);
    expect(maySend({ identity: "verified", address: "verified" })).toBe(true);
    expect(maySend({ identity: "verified" })).toBe(false);
  });

  it("give each level its daily limit, none at level 0", () => {
    expect(dailyLimitFor(0, limits)).toBeNull();
    expect(dailyLimitFor(1, limits)).toBe(10_000_000n);
    expect(dailyLimitFor(2, limits)).toBe(200_000_000n);
    expect(remainingOf(10_000_000n, 9_999_999n)).toBe(1n);
    expect(remainingOf(10_000_000n, 10_000_001n)).toBe(0n);
  });
});

describe("the date on a proof of address", () => {
  const today = new Date("2026-11-25T10:00:00Z");
  it("is fine within the last 3 months, today included", () => {
    expect(documentDateProblem("2026-11-25", today)).toBeNull();
    expect(documentDateProblem("2026-08-25", today)).toBeNull();
  });
  it("is too old the day before 3 months ago, and may not be in the future", () => {
    expect(documentDateProblem("2026-08-24", today)).toBe("tooOld");
    expect(documentDateProblem("2026-11-26", today)).toBe("inFuture");
  });
});

describe("where the flow goes on", () => {
  const none = { identity: false, address: false, selfie: false };
  it("starts at the intro and then at the first step without a file", () => {
    expect(resumeStep({}, none)).toBe("intro");
    expect(resumeStep({}, { ...none, identity: true })).toBe("address");
    expect(resumeStep({}, { identity: true, address: true, selfie: false })).toBe("selfie");
    expect(resumeStep({}, { identity: false, address: true, selfie: false })).toBe("identity");
  });
  it("waits on the status screen while pending or rejected, and is done once verified", () => {
    expect(resumeStep({ identity: "pending", address: "pending" }, none)).toBe("status");
    expect(resumeStep({ identity: "rejected", address: "rejected" }, none)).toBe("status");
    expect(resumeStep({ identity: "verified", address: "verified" }, none)).toBeNull();
  });
});
