import { describe, expect, it } from "vitest";
import { leftTodaySats, maxSendSats, sendableSats } from "./sendable";

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

describe("sendableSats", () => {
  it("to a username (in any case, with spaces) is the spendable amount", () => {
    expect(sendableSats(figures, "alice")).toBe(746000n);
    expect(sendableSats(figures, " ALICE ")).toBe(746000n);
  });

  it("with no recipient yet is the spendable amount", () => {
    expect(sendableSats(figures, "")).toBe(746000n);
    expect(sendableSats(figures, "   ")).toBe(746000n);
  });

  it("to an address is the balance less the withdrawal fee", () => {
    expect(sendableSats(figures, address)).toBe(745000n);
    expect(sendableSats(figures, ` ${address} `)).toBe(745000n);
  });

  it("to an address is never below zero nor above the spendable amount", () => {
    expect(sendableSats({ ...figures, balanceSats: "1000", spendableSats: "1000" }, address)).toBe(0n);
    expect(sendableSats({ ...figures, balanceSats: "400", spendableSats: "400" }, address)).toBe(0n);
    expect(sendableSats({ ...figures, balanceSats: "900000" }, address)).toBe(746000n);
  });
});

describe("leftTodaySats", () => {
  it("is what is left of the daily limit, or null without one", () => {
    expect(leftTodaySats(figures)).toBeNull();
    expect(leftTodaySats({ sendLimit: limit("500000") })).toBe(500000n);
  });
});

describe("maxSendSats", () => {
  it("is what can be sent, within what is left today", () => {
    expect(maxSendSats(figures, "alice")).toBe(746000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("900000") }, "alice")).toBe(746000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("500000") }, "alice")).toBe(500000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("500000") }, address)).toBe(500000n);
    expect(maxSendSats({ ...figures, sendLimit: limit("0") }, "alice")).toBe(0n);
  });
});
