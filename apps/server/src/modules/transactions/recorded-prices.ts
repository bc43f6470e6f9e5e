import { type SQL, sql } from "drizzle-orm";
import { walletTransactions } from "../../db/schema/index.js";
import { recentReadingAt } from "../prices/index.js";

// The price a history row records when it is created and when it settles (issue 24): the latest price
// reading no older than PRICE_READING_MAX_AGE_MS at that moment, or `unavailable` (no value, read at the
// moment itself) without one. SQL values of the row's own statement: recording a price never costs a
// round trip and never asks the price source, so a failing source cannot block a send.

/** One moment's price columns, as SQL values: the value, its source, when it was read. */
type PriceValues = { cents: SQL; source: SQL; readAt: SQL };

function priceValuesAt(at: Date): PriceValues {
  const reading = recentReadingAt(at);
  const column = (name: string) => sql`(select reading.${sql.identifier(name)} from ${reading} as reading)`;
  return {
    cents: column("usd_cents_per_btc"),
    source: sql`coalesce(${column("source")}, 'unavailable')`,
    readAt: sql`coalesce(${column("read_at")}, ${at.toISOString()}::timestamptz)`,
  };
}

/** The created_* columns of a row created at `at`. */
export function createdPriceAt(at: Date) {
  const price = priceValuesAt(at);
  return {
    createdUsdCentsPerBtc: price.cents,
    createdPriceSource: price.source,
    createdPriceReadAt: price.readAt,
  };
}

/** The settled_* columns of a row that settles at `at` as it is written (created completed). */
export function settledPriceAt(at: Date) {
  const price = priceValuesAt(at);
  return {
    settledUsdCentsPerBtc: price.cents,
    settledPriceSource: price.source,
    settledPriceReadAt: price.readAt,
  };
}

const t = walletTransactions;

/**
 * The settled_* columns of a row that completes at `at`, in an UPDATE: only when it has no settlement
 * price yet. A withdrawal sent back to pending by a reorganisation keeps the price it first settled at.
 */
export function firstSettledPriceAt(at: Date) {
  const price = priceValuesAt(at);
  return {
    settledUsdCentsPerBtc: sql`case when ${t.settledPriceSource} is null then ${price.cents} else ${t.settledUsdCentsPerBtc} end`,
    settledPriceSource: sql`coalesce(${t.settledPriceSource}, ${price.source})`,
    settledPriceReadAt: sql`coalesce(${t.settledPriceReadAt}, ${price.readAt})`,
  };
}

/** What firstSettledPriceAt gives: an UPDATE's values. */
export type SettledPriceValues = ReturnType<typeof firstSettledPriceAt>;
