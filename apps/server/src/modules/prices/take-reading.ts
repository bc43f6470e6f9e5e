import type { PriceSource } from "../../adapters/price/price-source.js";
import type { Db } from "../../db/client.js";
import { type PriceReading, recordPriceReading } from "./queries.js";

/** What a price reading needs: the database, the configured price source (PRICE_SOURCE), a log. */
export type PricesContext = {
  db: Db;
  price: PriceSource;
  log: { warn(details: object, message: string): void };
};

/**
 * Reads the price source once and keeps the reading in the price history (one a minute at most: a
 * minute that has one keeps it). A stale quote is the provider failing: nothing is recorded, and a
 * transaction in the meantime records the last reading while it is recent, then `unavailable`. A failure
 * (no price at all, the database) is logged, never thrown: the worker reads again next minute. Returns the
 * reading recorded, or null.
 */
export async function takePriceReading(ctx: PricesContext): Promise<PriceReading | null> {
  try {
    const quote = await ctx.price.current();
    if (quote.stale) return null;
    const reading = { readAt: quote.asOf, usdCentsPerBtc: quote.usdCentsPerBtc, source: quote.source };
    const minute = await recordPriceReading(ctx.db, reading);
    return minute === null ? null : { minute, ...reading };
  } catch (error) {
    ctx.log.warn({ err: error }, "Could not take a price reading; the next minute tries again");
    return null;
  }
}
