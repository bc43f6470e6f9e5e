import { describe, expect, it } from "vitest";
import { leftTodaySats, maxSendSats, sendableSats, sendFeeSats } from "./sendable";

const figures = {
  balanceSats: "746000",
  spendableSats: "746000",
  withdrawalFeeSats: "1000",
  sendLimit: null,
};
const limit = (remainingSats: string) => ({
  level: 1,
  dailyLimitSats: "1000000",
  sentSats: (1000000n - BigInt(remainingSats)).toString(),
  remainingSats,
});
const address = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

describe("sendFeeSats", () => {
  it("is the server's answer once the recipient is known", () => {
    expect(sendFeeSats(figures, address, { feeSats: "0" })).toBe(0n);
    expect(sendFeeSats(figures, address, { feeSats: "1000" })).toBe(1000n);
  });

  it("until then, the withdrawal fee for an address and nothing for a username or no recipient", () => {
    expect(sendFeeSats(figures, ` ${address} `, undefined)).toBe(1000n);
    expect(sendFeeSats(figures, "alice", undefined)).toBe(0n);
    expect(sendFeeSats(figures, "", undefined)).toBe(0n);
  });
});

describe("sendableSats", () => {
  it("without a fee is the spendable amount", () => {
    expect(sendableSats(figures, 0n)).toBe(746000n);
  });

  it("with a fee is the balance less the fee", () => {
    expect(sendableSats(figures, 1000n)).toBe(745000n);
  });

  it("with a fee is never below zero nor above the spendable amount", () => {
    expect(sendableSats({ ...figures, balanceSats: "1000", spendableSats: "1000" }, 1000n)).toBe(0n);
    expect(sendableSats({ ...figures, balanceSats: "400", spendableSats: "400" }, 1000n)).toBe(0n);
    expect(sendableSats({ ...figures, balanceSats: "900000" }, 1000n)).toBe(746000n);
  });
});

describe("leftTodaySats", () => {
  it("is what is left of the daily limit, or null without one", () => {
    expect(leftTodaySats(figures)).toBeNull();
    expect(leftTodaySats({ sendLimit: limit("500000") })).toBe(500000n);
  });
});

describe("maxSendSats", () => {
  it("is everything, fee included: amount and fee together are the balance", () => {
    expect(maxSendSats(figures, 0n)).toBe(746000n);
    expect(maxSendSats(figures, 1000n) + 1000n).toBe(746000n);
  });

  it("stays within what is left today", () => {
    expect(maxSendSats({ ...figures, sendLimit: limit("900000") }, 0n)).toBe(746000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("500000") }, 0n)).toBe(500000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("500000") }, 1000n)).toBe(500000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("0") }, 0n)).toBe(0n);
  });
});
