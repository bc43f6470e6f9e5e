// Amounts are integer satoshis: a `bigint` branded Sats once it is known to be a valid amount.
declare const satsBrand: unique symbol;
export type Sats = bigint & { readonly [satsBrand]: true };

/** 21 million BTC: no real amount is larger, so nothing larger is accepted anywhere. */
export const MAX_SATS = 2_100_000_000_000_000n;

/** Brands a whole, non-negative amount no larger than the supply; throws on anything else (a bug). */
export function sats(value: bigint): Sats {
  if (value < 0n || value > MAX_SATS) throw new RangeError(`Not an amount of satoshis: ${value}`);
  return value as Sats;
}

/** A satoshi amount from its decimal string (the wire format), or null when it is not one. */
export function satsFromString(text: string): Sats | null {
  if (!/^(0|[1-9]\d{0,15})$/.test(text)) return null;
  const value = BigInt(text);
  return value > MAX_SATS ? null : (value as Sats);
}
