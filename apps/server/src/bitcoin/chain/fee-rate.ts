/** The lowest fee rate the network relays by default, in sat/vB: every estimate is at least this. */
export const MIN_FEE_RATE = 1;

/**
 * A backend's estimate (sat/vB, a rate and not an amount, so a float is fine) as the server uses it:
 * rounded to a thousandth (BTC/kvB × 100 000 leaves float dust) and never below 1 sat/vB. `undefined`
 * (the backend has no estimate, as on a fresh regtest chain) gives the minimum.
 */
export function toFeeRate(satPerVbyte: number | undefined): number {
  if (satPerVbyte === undefined || !Number.isFinite(satPerVbyte)) return MIN_FEE_RATE;
  return Math.max(MIN_FEE_RATE, Math.round(satPerVbyte * 1000) / 1000);
}
