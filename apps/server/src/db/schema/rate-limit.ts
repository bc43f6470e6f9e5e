import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per counted event (a failed sign-in, a reset request) of a rate-limit rule, for a sliding
 * window. In the database so that every API process counts the same hits. Old rows are pruned.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: text("bucket").notNull(),
    /** SHA-256 of the key (an email, an IP address): the table never holds them in clear. */
    keyHash: text("key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    index("rate_limit_hits_bucket_key_created_idx").on(t.bucket, t.keyHash, t.createdAt),
    index("rate_limit_hits_created_idx").on(t.createdAt),
  ],
);
