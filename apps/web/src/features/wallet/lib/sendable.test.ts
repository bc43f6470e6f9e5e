import { describe, expect, it } from "vitest";
import { sendableSats } from "./sendable";

const figures = { balanceSats: "746000", spendableSats: "746000", withdrawalFeeSats: "1000" };
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
