import { describe, expect, it } from "vitest";
import { type SignInFacts, successfulSignInStatus } from "./suspicious-login.js";

const usual: SignInFacts = {
  successesBefore: 4,
  ipSeenBefore: true,
  deviceSeenBefore: true,
  failuresSinceLastSuccess: 0,
};

describe("successfulSignInStatus", () => {
  it("is a plain success from a known device and address", () => {
    expect(successfulSignInStatus(usual)).toBe("success");
    expect(successfulSignInStatus({ ...usual, failuresSinceLastSuccess: 2 })).toBe("success");
  });

  it("flags a new address or a new device", () => {
    expect(successfulSignInStatus({ ...usual, ipSeenBefore: false })).toBe("suspicious");
    expect(successfulSignInStatus({ ...usual, deviceSeenBefore: false })).toBe("suspicious");
  });

  it("never flags the account's first sign-in for being new", () => {
    const first = {
      successesBefore: 0,
      ipSeenBefore: false,
      deviceSeenBefore: false,
      failuresSinceLastSuccess: 0,
    };
    expect(successfulSignInStatus(first)).toBe("success");
  });

  it("flags a success after three or more failures, even the first", () => {
    expect(successfulSignInStatus({ ...usual, failuresSinceLastSuccess: 3 })).toBe("suspicious");
    const first = {
      successesBefore: 0,
      ipSeenBefore: false,
      deviceSeenBefore: false,
      failuresSinceLastSuccess: 5,
    };
    expect(successfulSignInStatus(first)).toBe("suspicious");
  });
});
