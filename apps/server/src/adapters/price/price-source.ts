/** The USD price of one bitcoin, in cents, and how fresh it is. */
export type PriceQuote = {
  usdCentsPerBtc: bigint;
  asOf: Date;
  /** True when the provider could not be reached and this is the last price it gave. */
  stale: boolean;
  source: "fixed" | "http";
};

/**
 * Where the price comes from: `fixed` (a configured price) or `http` (a spot-price provider, cached).
 * `current()` throws a SERVICE_UNAVAILABLE AppError when there is no price to give at all.
 */
export interface PriceSource {
  current(): Promise<PriceQuote>;
}
