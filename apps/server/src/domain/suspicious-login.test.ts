import { describe, expect, it } from "vitest";
import { type SignInFacts, successfulSignInStatus, suspicionReasons } from "./suspicious-login.js";

const usual: SignInFacts = {
  successesBefore: 4,
  ipSeenBefore: true,
  locationSeenBefore: true,
  deviceSeenBefore: true,
  knownDevice: false,
  failuresSinceLastSuccess: 0,
};

const first: SignInFacts = {
  successesBefore: 0,
  ipSeenBefore: false,
  locationSeenBefore: false,
  deviceSeenBefore: false,
  knownDevice: false,
  failuresSinceLastSuccess: 0,
};

describe("suspicionReasons", () => {
  it("has none from a known device and address: a plain success", () => {
    expect(suspicionReasons(usual)).toEqual([]);
    expect(successfulSignInStatus(usual)).toBe("success");
    expect(successfulSignInStatus({ ...usual, failuresSinceLastSuccess: 2 })).toBe("success");
  });

  it("names a new device, a new location, or both", () => {
    expect(suspicionReasons({ ...usual, deviceSeenBefore: false })).toEqual(["newDevice"]);
    const elsewhere = { ...usual, ipSeenBefore: false, locationSeenBefore: false };
    expect(suspicionReasons(elsewhere)).toEqual(["newLocation"]);
    expect(suspicionReasons({ ...elsewhere, deviceSeenBefore: false })).toEqual(["newDevice", "newLocation"]);
    expect(successfulSignInStatus(elsewhere)).toBe("suspicious");
  });

  it("takes a new address in a place seen before as no new location", () => {
    expect(suspicionReasons({ ...usual, ipSeenBefore: false })).toEqual([]);
  });

  it("takes a browser whose device cookie names the account as no new device, whatever its User-Agent", () => {
    expect(suspicionReasons({ ...usual, deviceSeenBefore: false, knownDevice: true })).toEqual([]);
  });

  it("never flags the account's first sign-in for being new", () => {
    expect(suspicionReasons(first)).toEqual([]);
    expect(successfulSignInStatus(first)).toBe("success");
  });

  it("flags a success after three or more failures, even the first", () => {
    expect(suspicionReasons({ ...usual, failuresSinceLastSuccess: 3 })).toEqual(["afterFailures"]);
    expect(suspicionReasons({ ...first, failuresSinceLastSuccess: 5 })).toEqual(["afterFailures"]);
    expect(suspicionReasons({ ...usual, deviceSeenBefore: false, failuresSinceLastSuccess: 3 })).toEqual([
      "newDevice",
      "afterFailures",
    ]);
  });
});
