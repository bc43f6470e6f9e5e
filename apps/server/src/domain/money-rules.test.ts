import { insufficientFundsText, sendMessages } from "@satsbank/shared";
import { describe, expect, it } from "vitest";
import { postingProblem } from "./ledger.js";
import { MAX_SATS, sats, satsFromString } from "./money.js";
import { centsToUsdText, usdTextToCents } from "./price.js";
import { amountProblem, sendCost, sendFee, spendableAmount } from "./send-rules.js";

describe("satoshi amounts", () => {
  it("brands whole amounts from zero to the supply, nothing else", () => {
    expect(sats(0n)).toBe(0n);
    expect(sats(MAX_SATS)).toBe(MAX_SATS);
    expect(() => sats(-1n)).toThrow(RangeError);
    expect(() => sats(MAX_SATS + 1n)).toThrow(RangeError);
  });

  it("reads the wire format", () => {
    expect(satsFromString("746000")).toBe(746_000n);
    expect(satsFromString("0")).toBe(0n);
    for (const bad of ["", "01", "-1", "1.5", "1e3", " 1", "2100000000000001", "99999999999999999"]) {
      expect(satsFromString(bad)).toBeNull();
    }
  });
});

describe("send rules", () => {
  it("lets a customer send their whole balance inside the bank, at no fee", () => {
    const fee = sendFee("transfer", sats(1_000n));
    expect(fee).toBe(0n);
    expect(spendableAmount(sats(746_000n), fee)).toBe(746_000n);
    expect(sendCost(sats(1_000n), fee)).toEqual({ fee: 0n, total: 1_000n });
  });

  it("charges a withdrawal its fee: amount + fee leaves the balance, so less can be sent", () => {
    const fee = sendFee("withdrawal", sats(1_000n));
    expect(fee).toBe(1_000n);
    expect(spendableAmount(sats(746_000n), fee)).toBe(745_000n);
    expect(spendableAmount(sats(999n), fee)).toBe(0n);
    expect(sendCost(sats(5_000n), fee)).toEqual({ fee: 1_000n, total: 6_000n });
  });

  it("refuses a withdrawal below its address's dust limit, naming it, and only a withdrawal", () => {
    expect(amountProblem(293n, sats(746_000n), 294n)).toEqual({
      reason: "belowDust",
      text: "The smallest amount you can send to this address is 0.00000294 BTC",
    });
    expect(amountProblem(294n, sats(746_000n), 294n)).toBeNull();
    expect(amountProblem(545n, sats(746_000n), 546n)?.text).toBe(
      "The smallest amount you can send to this address is 0.00000546 BTC",
    );
    expect(amountProblem(1n, sats(746_000n), null)).toBeNull();
  });

  it("says what is wrong with an amount in the specification's words", () => {
    expect(amountProblem(0n, sats(746_000n))).toEqual({
      reason: "invalidAmount",
      text: sendMessages.invalidAmount.text,
    });
    expect(amountProblem(746_001n, sats(746_000n))).toEqual({
      reason: "insufficientFunds",
      text: "You can only send up to 0.00746000 BTC",
    });
    expect(amountProblem(746_001n, sats(746_000n))?.text).toBe(insufficientFundsText(746_000n));
    expect(amountProblem(746_000n, sats(746_000n))).toBeNull();
    expect(amountProblem(1n, sats(0n))?.text).toBe("You can only send up to 0.00000000 BTC");
  });

  it("names the fee that comes out of the balance when a withdrawal asks for more than is left", () => {
    expect(amountProblem(746_000n, sats(745_000n), 294n, sats(1_000n))).toEqual({
      reason: "insufficientFunds",
      text: "You can only send up to 0.00745000 BTC (after the 0.00001000 BTC network fee)",
    });
  });
});

describe("USD prices", () => {
  it("reads a provider's decimal into cents, half up, without floats", () => {
    expect(usdTextToCents("42389.57")).toBe(4_238_957n);
    expect(usdTextToCents("42389.575")).toBe(4_238_958n);
    expect(usdTextToCents("42389.574999")).toBe(4_238_957n);
    expect(usdTextToCents("42389")).toBe(4_238_900n);
    expect(usdTextToCents("0.1")).toBe(10n);
    expect(usdTextToCents("99999.995")).toBe(10_000_000n);
    for (const bad of ["", "abc", "-1", "1e5", "1,000.00", "0", "0.004", ".5"])
      expect(usdTextToCents(bad)).toBeNull();
  });

  it("writes cents as the wire format", () => {
    expect(centsToUsdText(4_238_957n)).toBe("42389.57");
    expect(centsToUsdText(10_000_000n)).toBe("100000.00");
    expect(centsToUsdText(5n)).toBe("0.05");
    expect(centsToUsdText(-150n)).toBe("-1.50");
    expect(centsToUsdText(-5n)).toBe("-0.05");
  });
});

describe("posting rules", () => {
  const key = "k";
  it("accepts transfers of positive amounts between two accounts", () => {
    expect(postingProblem([{ debit: 1, credit: 2, amount: 1n }], key)).toBeNull();
  });

  it("refuses empty, oversized, zero, negative and self postings, and bad keys", () => {
    expect(postingProblem([], key)).toMatch(/at least one/);
    expect(postingProblem(Array(17).fill({ debit: 1, credit: 2, amount: 1n }), key)).toMatch(/at most 16/);
    expect(postingProblem([{ debit: 1, credit: 2, amount: 0n }], key)).toMatch(/positive/);
    expect(postingProblem([{ debit: 1, credit: 2, amount: -5n }], key)).toMatch(/positive/);
    expect(postingProblem([{ debit: 3, credit: 3, amount: 1n }], key)).toMatch(/different accounts/);
    expect(postingProblem([{ debit: 0, credit: 3, amount: 1n }], key)).toMatch(/by their id/);
    expect(postingProblem([{ debit: 1, credit: 2, amount: 1n }], "")).toMatch(/idempotency key/);
    expect(postingProblem([{ debit: 1, credit: 2, amount: 1n }], "x".repeat(201))).toMatch(/idempotency key/);
  });
});
