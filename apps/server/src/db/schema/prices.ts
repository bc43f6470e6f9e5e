import { priceReadingSourceSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { bigint, check, pgTable, text } from "drizzle-orm/pg-core";
import { quoted, timestamptz, values } from "./columns.js";

// Owned by the prices module: the BTC/USD price history.

/**
 * The configured price source's readings, one a minute at most (the minute it was read is the key), kept:
 * the price at any moment is the latest reading at or before it. The worker reads the source each minute;
 * a transaction records the latest recent reading when it is created and when it settles.
 */
export const priceReadings = pgTable(
  "price_readings",
  {
    /** The minute of `read_at`, truncated: the key that keeps one reading a minute. */
    minute: timestamptz("minute").primaryKey(),
    readAt: timestamptz("read_at").notNull(),
    usdCentsPerBtc: bigint("usd_cents_per_btc", { mode: "bigint" }).notNull(),
    source: text("source", { enum: values(priceReadingSourceSchema) }).notNull(),
  },
  (t) => [
    check("price_readings_value_check", sql`${t.usdCentsPerBtc} > 0`),
    check("price_readings_source_check", sql`${t.source} in (${quoted(priceReadingSourceSchema.options)})`),
    check(
      "price_readings_minute_check",
      sql`${t.minute} <= ${t.readAt} and ${t.readAt} < ${t.minute} + interval '1 minute'`,
    ),
  ],
);
