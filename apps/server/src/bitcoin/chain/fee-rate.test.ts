import { describe, expect, it } from "vitest";
import { MIN_FEE_RATE, toFeeRate } from "./fee-rate.js";

// A payout pays the fee rate toFeeRate answers (sat/vB): too low and the network will not relay it.
describe("toFeeRate", () => {
  it("is 1 sat/vB, the network's relay minimum, when the backend has no estimate", () => {
    expect(MIN_FEE_RATE).toBe(1);
    // A fresh regtest chain: estimatesmartfee answers errors and no feerate.
    expect(toFeeRate(undefined)).toBe(1);
    // Nothing a backend could mean as a rate.
    expect(toFeeRate(Number.NaN)).toBe(1);
    expect(toFeeRate(Number.POSITIVE_INFINITY)).toBe(1);
    expect(toFeeRate(Number.NEGATIVE_INFINITY)).toBe(1);
  });

  it("never goes below 1 sat/vB", () => {
    expect(toFeeRate(0.99)).toBe(1);
    expect(toFeeRate(0.001)).toBe(1);
    expect(toFeeRate(0)).toBe(1);
    expect(toFeeRate(-3)).toBe(1);
    expect(toFeeRate(1)).toBe(1);
    expect(toFeeRate(1.001)).toBe(1.001);
  });

  it("keeps a higher estimate, to a thousandth of a sat/vB, dropping the float dust of BTC/kvB x 100,000", () => {
    // Bitcoin Core's 0.00012345 BTC/kvB, as bitcoind.ts converts it: 12.344999999999999 in floats.
    expect(0.00012345 * 100_000).not.toBe(12.345);
    expect(toFeeRate(0.00012345 * 100_000)).toBe(12.345);
    expect(toFeeRate(0.00002345 * 100_000)).toBe(2.345);
    expect(toFeeRate(7.12349)).toBe(7.123);
    expect(toFeeRate(7.12351)).toBe(7.124);
    expect(toFeeRate(2.0004)).toBe(2);
    expect(toFeeRate(250.5)).toBe(250.5);
    expect(toFeeRate(4_000)).toBe(4_000);
  });
});
