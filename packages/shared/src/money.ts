import { z } from "zod";

// Money is integer satoshis everywhere: `bigint` in code, decimal strings in JSON. Never a float.
export const SATS_PER_BTC = 100_000_000n;
export const BTC_DECIMALS = 8;

/** What the amount input lets through as the person types: digits and at most one decimal point. */
export const AMOUNT_INPUT_PATTERN = /^\d*\.?\d*$/;

/** A satoshi amount on the wire: a non-negative integer as a decimal string. */
export const satsSchema = z.string().regex(/^(0|[1-9]\d{0,17})$/, { error: "Invalid amount" });

/**
 * Parses a BTC amount typed by a person ("0.001", "1", ".5") into satoshis. Returns null for anything that
 * is not digits with one optional decimal point and at most 8 decimals.
 */
export function parseBtc(input: string): bigint | null {
  const text = input.trim();
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || text === "" || text === ".") return null;
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (fraction.length > BTC_DECIMALS || whole.length > 10) return null;
  return BigInt(whole || "0") * SATS_PER_BTC + BigInt(fraction.padEnd(BTC_DECIMALS, "0") || "0");
}

/** 746000n -> "0.00746000": always 8 decimals. */
export function formatBtc(sats: bigint): string {
  const negative = sats < 0n;
  const abs = negative ? -sats : sats;
  const whole = abs / SATS_PER_BTC;
  const fraction = (abs % SATS_PER_BTC).toString().padStart(BTC_DECIMALS, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/** The shortest exact decimal for an input field: 746000n -> "0.00746", 100000000n -> "1". */
export function formatBtcPlain(sats: bigint): string {
  return formatBtc(sats).replace(/\.?0+$/, "");
}

/** A USD price such as "42389.57" as integer cents. */
export function parseUsdCents(price: string): bigint {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) throw new Error(`Not a USD price: ${price}`);
  return BigInt(match[1] ?? "0") * 100n + BigInt((match[2] ?? "").padEnd(2, "0") || "0");
}

/** The USD value of an amount at a price, in cents, rounded half up. */
export function satsToUsdCents(sats: bigint, usdCentsPerBtc: bigint): bigint {
  const product = sats * usdCentsPerBtc;
  const half = SATS_PER_BTC / 2n;
  return product >= 0n ? (product + half) / SATS_PER_BTC : -((-product + half) / SATS_PER_BTC);
}

/** 31623n -> "$316.23", with thousands separators. */
export function formatUsdCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const dollars = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}$${dollars}.${(abs % 100n).toString().padStart(2, "0")}`;
}
