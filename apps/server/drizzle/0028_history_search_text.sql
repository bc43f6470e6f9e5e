-- A customer's history search matches the counterparty's name and username, the address and the note
-- (issue 21): each word of the search, anywhere in search_text, case-insensitively. The database keeps the
-- column (generated, stored), so every row written by any path has it, and the rows already there get
-- theirs as the table is rewritten here.
DROP INDEX "wallet_transactions_counterparty_trgm_idx";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(counterparty_name, '') || ' ' || coalesce(counterparty_username, '') || ' ' || coalesce(address, '') || ' ' || coalesce(note, '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_transactions_search_trgm_idx" ON "wallet_transactions" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The customer's index holds what the search tests (as migration 0018 made it hold the username and the
-- address): the walk newest first stays index-only. Same name and keys as before.
DROP INDEX IF EXISTS "wallet_transactions_user_created_idx";--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree
  ("user_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("type", "search_text");--> statement-breakpoint
-- Finer statistics, as migration 0019 gave the columns the search matched before.
ALTER TABLE "wallet_transactions" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
ANALYZE "wallet_transactions";
