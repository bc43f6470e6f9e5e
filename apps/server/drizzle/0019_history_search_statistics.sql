-- Finer statistics for the two columns the history searches match with ILIKE. With the default (100),
-- a 14-character address fragment that happened to be in ANALYZE's histogram was estimated at ~1,700
-- rows of 1,000,000 (it had 89), so the planner read the table newest first, testing 180,000 rows
-- (66 ms), instead of the trigram index (4 ms). With 1,000 the estimate was 159 and the plan the index;
-- the worst of 700 searches (staff's address and name, a busy customer's names) was 21 ms
-- (apps/server/bench/history.bench.ts, docs/BENCHMARKS.md).
ALTER TABLE "wallet_transactions"
  ALTER COLUMN "address" SET STATISTICS 1000,
  ALTER COLUMN "counterparty_username" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "wallet_transactions";
