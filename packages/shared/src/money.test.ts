import { describe, expect, it } from "vitest";
import {
  AMOUNT_INPUT_PATTERN,
  formatBtc,
  formatBtcPlain,
  formatUsdCents,
  parseBtc,
  parseUsdCents,
  satsSchema,
  satsToUsdCents,
} from "./money.js";

describe("parseBtc", () => {
  it("reads typed amounts exactly", () => {
    expect(parseBtc("0.00746")).toBe(746_000n);
    expect(parseBtc("1")).toBe(100_000_000n);
    expect(parseBtc(".5")).toBe(50_000_000n);
    expect(parseBtc("2.")).toBe(200_000_000n);
    expect(parseBtc("0.00000001")).toBe(1n);
    expect(parseBtc("21000000")).toBe(2_100_000_000_000_000n);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", ".", "abc", "1.2.3", "-1", "1e5", "0.000000001", "1,5", "12345678901"]) {
      expect(parseBtc(bad)).toBeNull();
    }
  });
});

describe("formatting", () => {
  it("shows 8 decimals", () => {
    expect(formatBtc(746_000n)).toBe("0.00746000");
    expect(formatBtc(0n)).toBe("0.00000000");
    expect(formatBtc(-1_000n)).toBe("-0.00001000");
    expect(formatBtc(123_456_789_012n)).toBe("1234.56789012");
  });

  it("gives the shortest exact input text", () => {
    expect(formatBtcPlain(746_000n)).toBe("0.00746");
    expect(formatBtcPlain(100_000_000n)).toBe("1");
    expect(formatBtcPlain(0n)).toBe("0");
  });

  it("estimates USD at the fixed rate", () => {
    const rate = parseUsdCents("42389.57");
    expect(rate).toBe(4_238_957n);
    expect(formatUsdCents(satsToUsdCents(746_000n, rate))).toBe("$316.23");
    expect(formatUsdCents(satsToUsdCents(100_000_000n, rate))).toBe("$42,389.57");
    expect(formatUsdCents(0n)).toBe("$0.00");
  });
});

describe("input and wire formats", () => {
  it("lets through only digits and one decimal point", () => {
    for (const ok of ["", "0", "0.", "0.001", ".5", "12"]) expect(AMOUNT_INPUT_PATTERN.test(ok)).toBe(true);
    for (const bad of ["a", "1.2.3", "-1", "1,5", " 1"]) expect(AMOUNT_INPUT_PATTERN.test(bad)).toBe(false);
  });

  it("accepts integer satoshi strings only", () => {
    expect(satsSchema.safeParse("746000").success).toBe(true);
    expect(satsSchema.safeParse("0").success).toBe(true);
    for (const bad of ["-1", "1.5", "007", "", "1e3"]) expect(satsSchema.safeParse(bad).success).toBe(false);
  });
});
