import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.js";

/**
 * One counter per rate-limit rule, key and fixed window. A hit is one atomic
 * `INSERT ... ON CONFLICT DO UPDATE` on this row (see docs/decisions/0007), so every API process counts
 * the same hits and a burst cannot pass the limit. Rows two windows old are pruned.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text("bucket").notNull(),
    /** SHA-256 of the key (an email, an IP address): the table never holds them in clear. */
    keyHash: text("key_hash").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.keyHash, t.windowStart] }),
    index("rate_limit_counters_window_start_idx").on(t.windowStart),
  ],
);
