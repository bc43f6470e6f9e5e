import { type PricesContext, takePriceReading } from "../modules/prices/index.js";

/** How often the worker reads the price source into the price history. */
export const PRICE_READING_MS = 60_000;

export type PriceJob = {
  /** Resolves when the reading under way (if any) is done. */
  idle(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The price history's feed: every PRICE_READING_MS the configured price source is read and a fresh
 * reading kept (modules/prices). Every worker process may run it: a minute keeps its first reading. A
 * failing source is logged and never stops the job; one reading runs at a time.
 */
export function startPriceJob({
  ctx,
  everyMs = PRICE_READING_MS,
}: {
  ctx: PricesContext;
  everyMs?: number;
}): PriceJob {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() => takePriceReading(ctx));
  }, everyMs);
  return {
    idle: async () => {
      await running;
    },
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
