import { describe, expect, it } from "vitest";
import {
  type AmountContext,
  amountInputMessages,
  amountInputText,
  isAmountInput,
  localeDecimalSeparator,
  readAmount,
  usdCentsToSats,
} from "./amount-input";

describe("isAmountInput (the staff's BTC fields)", () => {
  it("lets digits and one decimal point through, up to 8 decimals", () => {
    for (const text of ["", "0", "0.", ".", ".5", "0.00746", "12.3456789", "1.00000000"]) {
      expect(isAmountInput(text), text).toBe(true);
    }
  });

  it("refuses letters, signs, spaces, a second point and a 9th decimal", () => {
    for (const text of ["a", "1e5", "-1", "+1", "1 ", "1,5", "0.1.", "1..2", "0.000000001", "0x10"]) {
      expect(isAmountInput(text), text).toBe(false);
    }
  });
});

/** An English-speaking customer at the specification's sample price. */
const english: AmountContext = { decimalSeparator: ".", usdCentsPerBtc: 4_238_957n };
/** A customer whose locale writes "0,5". */
const german: AmountContext = { decimalSeparator: ",", usdCentsPerBtc: 4_238_957n };

describe("readAmount", () => {
  it("reads a decimal comma as the decimal separator, whatever the locale: 0,0005 is 50,000 sats", () => {
    expect(readAmount("0,0005", "BTC", english)).toEqual({ kind: "amount", sats: 50_000n });
    expect(readAmount("0,0005", "BTC", german)).toEqual({ kind: "amount", sats: 50_000n });
    expect(readAmount("0.0005", "BTC", german)).toEqual({ kind: "amount", sats: 50_000n });
    expect(readAmount("1,5", "BTC", english)).toEqual({ kind: "amount", sats: 150_000_000n });
    expect(readAmount(",5", "BTC", german)).toEqual({ kind: "amount", sats: 50_000_000n });
    expect(readAmount(" 0.00746 ", "BTC", english)).toEqual({ kind: "amount", sats: 746_000n });
    expect(readAmount("0.12345678", "BTC", english)).toEqual({ kind: "amount", sats: 12_345_678n });
  });

  it("says nothing of an empty field", () => {
    expect(readAmount("", "BTC", english)).toEqual({ kind: "empty" });
    expect(readAmount("  ", "USD", english)).toEqual({ kind: "empty" });
  });

  it("refuses both separators, or two of one: grouping is never guessed", () => {
    for (const text of ["1,000.5", "1.000,5", "1,000,000", "1.000.000", "0.1.", "1..2", "1,,2"]) {
      expect(readAmount(text, "BTC", english), text).toEqual({
        kind: "problem",
        text: amountInputMessages.separators,
      });
    }
  });

  it("refuses the locale's thousands separator before exactly three digits, saying both readings", () => {
    expect(readAmount("1,000", "BTC", english)).toEqual({
      kind: "problem",
      text: '"1,000" could mean 1.000 or 1000: leave out thousands separators',
    });
    expect(readAmount("12,500", "BTC", english)).toMatchObject({ kind: "problem" });
    expect(readAmount("1.000", "BTC", german)).toEqual({
      kind: "problem",
      text: '"1.000" could mean 1,000 or 1000: leave out thousands separators',
    });
    // The locale's own decimal separator, a zero before it, or four digits before it: a decimal.
    expect(readAmount("1.000", "BTC", english)).toEqual({ kind: "amount", sats: 100_000_000n });
    expect(readAmount("1,000", "BTC", german)).toEqual({ kind: "amount", sats: 100_000_000n });
    expect(readAmount("0,500", "BTC", english)).toEqual({ kind: "amount", sats: 50_000_000n });
    expect(readAmount("1234,567", "BTC", english)).toEqual({ kind: "amount", sats: 123_456_700_000n });
  });

  it("refuses a 9th BTC decimal, a separator in sats and a 3rd cent", () => {
    expect(readAmount("0.000000001", "BTC", english)).toEqual({
      kind: "problem",
      text: "BTC has at most 8 decimals",
    });
    expect(readAmount("0,123456789", "BTC", german)).toMatchObject({ text: "BTC has at most 8 decimals" });
    expect(readAmount("1000.5", "sats", english)).toEqual({
      kind: "problem",
      text: "Sats are whole numbers: type them without a separator",
    });
    expect(readAmount("1,000", "sats", english)).toMatchObject({ text: amountInputMessages.satsWhole });
    expect(readAmount("1.234", "USD", german)).toMatchObject({ text: amountInputMessages.separators });
    expect(readAmount("10.123", "USD", english)).toMatchObject({
      text: "US dollars have at most 2 decimals",
    });
  });

  it("refuses anything but digits and separators", () => {
    for (const text of ["1e5", "-1", "+1", "1 000", "0x10", "½", "１"]) {
      expect(readAmount(text, "BTC", english), text).toEqual({
        kind: "problem",
        text: amountInputMessages.characters,
      });
    }
  });

  it("reads sats as whole satoshis", () => {
    expect(readAmount("746000", "sats", english)).toEqual({ kind: "amount", sats: 746_000n });
    expect(readAmount("0", "sats", english)).toEqual({ kind: "amount", sats: 0n });
  });

  it("reads US dollars into the whole satoshis they buy, rounded down", () => {
    // $316.23 at $42,389.57: 746,008.3... sat, so 746,008.
    expect(readAmount("316.23", "USD", english)).toEqual({ kind: "amount", sats: 746_008n });
    expect(readAmount("316,23", "USD", german)).toEqual({ kind: "amount", sats: 746_008n });
    // $1 buys 2,359.07... sat: 2,359, never 2,360.
    expect(readAmount("1", "USD", english)).toEqual({ kind: "amount", sats: 2_359n });
    expect(readAmount("42389.57", "USD", english)).toEqual({ kind: "amount", sats: 100_000_000n });
    expect(usdCentsToSats(1n, 4_238_957n)).toBe(23n);
  });
});

describe("amountInputText", () => {
  it("writes an amount in the unit with the customer's separator", () => {
    expect(amountInputText(745_000n, "BTC", english)).toBe("0.00745");
    expect(amountInputText(745_000n, "BTC", german)).toBe("0,00745");
    expect(amountInputText(100_000_000n, "BTC", english)).toBe("1");
    expect(amountInputText(745_000n, "sats", german)).toBe("745000");
    // $315.80 and a fraction of a cent: rounded down.
    expect(amountInputText(745_000n, "USD", english)).toBe("315.80");
    expect(amountInputText(745_000n, "USD", german)).toBe("315,80");
  });
});

describe("localeDecimalSeparator", () => {
  it("is the locale's own", () => {
    expect(localeDecimalSeparator("en-US")).toBe(".");
    expect(localeDecimalSeparator("de-DE")).toBe(",");
    expect(localeDecimalSeparator("fr-FR")).toBe(",");
  });
});
