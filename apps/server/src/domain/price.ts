// USD prices as integer cents: a provider's decimal text is read digit by digit, never through a float.

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,18}))?$/;

/** "42389.575" -> 4238958n (half up to the cent); null for anything that is not a positive decimal. */
export function usdTextToCents(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (match === null) return null;
  const fraction = match[2] ?? "";
  const kept = fraction.slice(0, 2).padEnd(2, "0");
  const roundUp = (fraction[2] ?? "0") >= "5" ? 1n : 0n;
  const cents = BigInt(match[1] ?? "0") * 100n + BigInt(kept) + roundUp;
  return cents > 0n ? cents : null;
}

/** 4238957n -> "42389.57", -150n -> "-1.50": dollars with always two decimals (a price's wire format). */
export function centsToUsdText(cents: bigint): string {
  if (cents < 0n) return `-${centsToUsdText(-cents)}`;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, "0")}`;
}
