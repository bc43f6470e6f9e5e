import { z } from "zod";
import { AppError } from "../../domain/app-error.js";
import { usdTextToCents } from "../../domain/price.js";
import type { Clock } from "../clock.js";
import type { PriceQuote, PriceSource } from "./price-source.js";

export type HttpPriceOptions = {
  /** A spot-price endpoint answering `{ "data": { "amount": "42389.57" } }` (Coinbase's shape). */
  url: string;
  cacheSeconds: number;
  clock: Clock;
  /** Told about each failed fetch (the app logs it). */
  onError?: (error: unknown) => void;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
};

export const priceUnavailableText = "The Bitcoin price is not available right now. Please try again shortly.";

/** After a failure, the provider is asked again at most this often (or every cacheSeconds, if sooner). */
const RETRY_AFTER_FAILURE_MS = 10_000;

/**
 * The spot-price answer. The amount must be text: a JSON number would already have passed through a
 * float. Other fields are ignored.
 */
const spotPriceSchema = z.object({ data: z.object({ amount: z.string() }) });

/**
 * A price from an HTTP provider, cached for `cacheSeconds`. When the provider fails, the last price it
 * gave is served marked stale (with the time it was fetched); before any success, SERVICE_UNAVAILABLE.
 * Concurrent requests share one fetch.
 */
export function httpPrice(options: HttpPriceOptions): PriceSource {
  const { url, clock } = options;
  const fetchPrice = options.fetch ?? globalThis.fetch;
  const cacheMs = options.cacheSeconds * 1000;
  let last: { usdCentsPerBtc: bigint; asOf: Date } | null = null;
  let nextAttemptAt = 0;
  let inFlight: Promise<PriceQuote> | null = null;

  const fallback = (error: unknown): PriceQuote => {
    options.onError?.(error);
    nextAttemptAt = clock.now().getTime() + Math.min(cacheMs, RETRY_AFTER_FAILURE_MS);
    if (last === null) throw new AppError("SERVICE_UNAVAILABLE", priceUnavailableText);
    return { ...last, stale: true, source: "http" };
  };

  const refresh = async (): Promise<PriceQuote> => {
    try {
      const response = await fetchPrice(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) throw new Error(`The price provider answered ${response.status}`);
      const answer = spotPriceSchema.safeParse(await response.json());
      const usdCentsPerBtc = answer.success ? usdTextToCents(answer.data.data.amount) : null;
      if (usdCentsPerBtc === null) throw new Error("The price provider's answer holds no USD amount");
      last = { usdCentsPerBtc, asOf: clock.now() };
      return { ...last, stale: false, source: "http" };
    } catch (error) {
      return fallback(error);
    }
  };

  return {
    current() {
      const now = clock.now().getTime();
      if (last !== null && now - last.asOf.getTime() < cacheMs) {
        return Promise.resolve({ ...last, stale: false, source: "http" });
      }
      if (inFlight !== null) return inFlight;
      if (last !== null && now < nextAttemptAt)
        return Promise.resolve({ ...last, stale: true, source: "http" });
      inFlight = refresh().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
