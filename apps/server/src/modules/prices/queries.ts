import type { PriceReadingSource } from "@satsbank/shared";
import { and, desc, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { priceReadings } from "../../db/schema/index.js";

// The prices module owns price_readings: only this file touches it. Other modules read it only through
// recentReadingAt's subquery, inside the statements that record a transaction's price.

/** A reading of the price source: US cents per BTC, where from, and when the source gave it. */
export type PriceReading = typeof priceReadings.$inferSelect;

/** How old a reading may be when a transaction records it as the price at its moment: 5 minutes. */
export const PRICE_READING_MAX_AGE_MS = 5 * 60_000;

const r = priceReadings;

/**
 * Keeps a reading, in the minute it was read; a minute that already has one keeps the first (the key is
 * the minute, so two worker processes reading at once record one). Returns the minute it was recorded
 * in, or null when its minute had one.
 */
export async function recordPriceReading(
  db: Db,
  reading: { readAt: Date; usdCentsPerBtc: bigint; source: PriceReadingSource },
): Promise<Date | null> {
  const recorded = await db
    .insert(r)
    .values({ minute: minuteOf(reading.readAt), ...reading })
    .onConflictDoNothing({ target: r.minute })
    .returning({ minute: r.minute });
  return recorded[0]?.minute ?? null;
}

/**
 * The fixed price (PRICE_SOURCE=fixed) as the reading of every few minutes from `from` to `to`, in one
 * statement: the demo data's transactions are dated in the past, and a fixed price was the price then too,
 * so each of them records it (a reading every 4 minutes is within PRICE_READING_MAX_AGE_MS of any moment).
 * Minutes that have a reading keep it.
 */
export async function recordFixedPriceSpan(
  db: Db,
  span: { from: Date; to: Date; usdCentsPerBtc: bigint },
): Promise<void> {
  await db.execute(sql`insert into price_readings (minute, read_at, usd_cents_per_btc, source)
    select date_trunc('minute', moment), moment, ${span.usdCentsPerBtc}, 'fixed'
    from generate_series(${span.from.toISOString()}::timestamptz, ${span.to.toISOString()}::timestamptz,
      interval '4 minutes') as moment
    on conflict (minute) do nothing`);
}

/**
 * The price at a moment: the latest reading at or before it, or null before the first. A walk down the
 * key from the moment's minute: its own minute's reading may be after the moment, the one before is not.
 */
export async function priceAt(db: Db, moment: Date): Promise<PriceReading | null> {
  const [reading] = await db
    .select()
    .from(r)
    .where(and(lte(r.minute, moment), lte(r.readAt, moment)))
    .orderBy(desc(r.minute))
    .limit(1);
  return reading ?? null;
}

/**
 * The latest reading no older than PRICE_READING_MAX_AGE_MS at `moment` (read at or before it), as a
 * subquery of one row or none, with the columns usd_cents_per_btc, source and read_at: what a transaction
 * records as the price at its moment, inside the statement that writes it (no round trip of its own).
 * The key's range holds the minutes of the age, so it reads a few rows at most, however long the history.
 */
export function recentReadingAt(moment: Date): SQL {
  const oldest = moment.getTime() - PRICE_READING_MAX_AGE_MS;
  const at = sql`${moment.toISOString()}::timestamptz`;
  const from = sql`${new Date(oldest).toISOString()}::timestamptz`;
  const fromMinute = sql`${minuteOf(new Date(oldest)).toISOString()}::timestamptz`;
  return sql`(select p.usd_cents_per_btc, p.source, p.read_at from price_readings p
    where p.minute <= ${at} and p.minute >= ${fromMinute} and p.read_at <= ${at} and p.read_at >= ${from}
    order by p.minute desc limit 1)`;
}

/**
 * The bounds recentReadingAt reads a reading between, as values: for a database function that records the
 * price of `moment` itself (wallet_send()), with the same age rule.
 */
export function recentReadingWindow(moment: Date): { oldest: Date; oldestMinute: Date } {
  const oldest = new Date(moment.getTime() - PRICE_READING_MAX_AGE_MS);
  return { oldest, oldestMinute: minuteOf(oldest) };
}

/** The minute a moment falls in: a reading's key. */
function minuteOf(moment: Date): Date {
  return new Date(Math.floor(moment.getTime() / 60_000) * 60_000);
}
