import { describe, expect, it } from "vitest";
import type { AmountReading } from "@/lib/amount-input";
import { fieldProblem, type SendAmount, validateSend } from "./validate-send";

const figures = {
  balanceSats: "746000",
  spendableSats: "746000",
  withdrawalFeeSats: "1000",
  sendLimit: null,
};
/** 0.005 BTC left of today's limit. */
const limited = {
  ...figures,
  sendLimit: { level: 1, dailyLimitSats: "1000000", sentSats: "500000", remainingSats: "500000" },
};
const address = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

const sats = (amount: bigint, feeSats = 0n): SendAmount => ({
  reading: { kind: "amount", sats: amount },
  feeSats,
});
const reading = (value: AmountReading): SendAmount => ({ reading: value, feeSats: 0n });
const form = (recipient: string, note = "") => ({ recipient, amount: "typed", note });

describe("validateSend", () => {
  it("asks for a recipient first, whatever the amount", () => {
    expect(validateSend(form("  "), figures, reading({ kind: "empty" }))).toEqual({
      ok: false,
      field: "recipient",
      title: "Recipient required",
      text: "Please enter a recipient address or username",
    });
  });

  it("then an amount above zero", () => {
    for (const amount of [reading({ kind: "empty" }), sats(0n)]) {
      expect(validateSend(form("alice"), figures, amount)).toEqual({
        ok: false,
        field: "amount",
        title: "Invalid amount",
        text: "Please enter a valid amount",
      });
    }
  });

  it("says why typed text is no amount, titled Invalid amount", () => {
    const text = '"1,000" could mean 1.000 or 1000: leave out thousands separators';
    expect(validateSend(form("alice"), figures, reading({ kind: "problem", text }))).toEqual({
      ok: false,
      field: "amount",
      title: "Invalid amount",
      text,
    });
  });

  it("then no more than can be sent, saying how much can with 8 decimals", () => {
    expect(validateSend(form("alice"), figures, sats(746_001n))).toEqual({
      ok: false,
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00746000 BTC",
    });
  });

  it("with a network fee, no more than the balance less the fee, naming the fee", () => {
    expect(validateSend(form(address), figures, sats(745_001n, 1000n))).toEqual({
      ok: false,
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00745000 BTC (after the 0.00001000 BTC network fee)",
    });
    expect(validateSend(form(address), figures, sats(745_000n, 1000n))).toMatchObject({
      ok: true,
      recipient: address,
      amountSats: 745000n,
    });
  });

  it("above the balance says Insufficient funds, within it but above what is left today the daily limit", () => {
    expect(validateSend(form("alice"), limited, sats(746_001n))).toMatchObject({
      field: "amount",
      title: "Insufficient funds",
      text: "You can only send up to 0.00746000 BTC",
    });
    expect(validateSend(form("alice"), limited, sats(500_001n))).toEqual({
      ok: false,
      field: "amount",
      title: "Daily limit reached",
      text: "You can send up to 0.00500000 BTC more today",
    });
    expect(validateSend(form("alice"), limited, sats(500_000n))).toMatchObject({
      ok: true,
      amountSats: 500000n,
    });
    expect(fieldProblem(form(""), limited, sats(600_000n), "amount")).toMatchObject({
      title: "Daily limit reached",
    });
  });

  it("passes a good send on in satoshis, trimmed, without an empty note", () => {
    expect(validateSend(form(" alice "), figures, sats(746_000n))).toEqual({
      ok: true,
      recipient: "alice",
      amountSats: 746000n,
      note: undefined,
    });
    expect(validateSend(form("bob", " lunch "), figures, sats(100_000n))).toMatchObject({
      ok: true,
      amountSats: 100000n,
      note: "lunch",
    });
  });
});

describe("fieldProblem", () => {
  it("answers for its own field whatever the others hold", () => {
    expect(fieldProblem(form(""), figures, sats(100_000n), "amount")).toBeNull();
    expect(fieldProblem(form(""), figures, sats(100_000n), "note")).toBeNull();
    expect(fieldProblem(form(""), figures, sats(100_000n), "recipient")).toMatchObject({
      title: "Recipient required",
    });
  });

  it("holds the amount to what can be sent with the fee to the recipient", () => {
    expect(fieldProblem(form(address), figures, sats(746_000n, 1000n), "amount")).toMatchObject({
      text: "You can only send up to 0.00745000 BTC (after the 0.00001000 BTC network fee)",
    });
    expect(fieldProblem(form("alice"), figures, sats(746_000n), "amount")).toBeNull();
  });
});
