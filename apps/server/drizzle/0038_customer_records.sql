-- A customer's records (issue 24): the price history, the price each transaction recorded when it was
-- created and when it settled, and the customer's own labels (transactions, deposit addresses, the
-- connected wallet). The history search matches the label too: search_text is made again with it, and the
-- two indexes that hold it (migration 0028) with it.
CREATE TABLE "price_readings" (
	"minute" timestamp with time zone PRIMARY KEY NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"usd_cents_per_btc" bigint NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "price_readings_value_check" CHECK ("price_readings"."usd_cents_per_btc" > 0),
	CONSTRAINT "price_readings_source_check" CHECK ("price_readings"."source" in ('fixed', 'http')),
	CONSTRAINT "price_readings_minute_check" CHECK ("price_readings"."minute" <= "price_readings"."read_at" and "price_readings"."read_at" < "price_readings"."minute" + interval '1 minute')
);
--> statement-breakpoint
ALTER TABLE "external_wallets" ADD COLUMN "label" text;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "created_usd_cents_per_btc" bigint;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "created_price_source" text;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "created_price_read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "settled_usd_cents_per_btc" bigint;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "settled_price_source" text;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "settled_price_read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "label" text;
--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "label" text;
--> statement-breakpoint
ALTER TABLE "external_wallets" ADD CONSTRAINT "external_wallets_label_length" CHECK (length("external_wallets"."label") <= 255);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_label_length" CHECK (length("wallet_transactions"."label") <= 255);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_price_source_check" CHECK ("wallet_transactions"."created_price_source" in ('fixed', 'http', 'unavailable'));
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_price_read_at_check" CHECK (("wallet_transactions"."created_price_source" is null) = ("wallet_transactions"."created_price_read_at" is null));
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_price_value_check" CHECK (("wallet_transactions"."created_usd_cents_per_btc" is not null) = ("wallet_transactions"."created_price_source" is not null and "wallet_transactions"."created_price_source" <> 'unavailable') and ("wallet_transactions"."created_usd_cents_per_btc" is null or "wallet_transactions"."created_usd_cents_per_btc" > 0));
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_settled_price_source_check" CHECK ("wallet_transactions"."settled_price_source" in ('fixed', 'http', 'unavailable'));
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_settled_price_read_at_check" CHECK (("wallet_transactions"."settled_price_source" is null) = ("wallet_transactions"."settled_price_read_at" is null));
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_settled_price_value_check" CHECK (("wallet_transactions"."settled_usd_cents_per_btc" is not null) = ("wallet_transactions"."settled_price_source" is not null and "wallet_transactions"."settled_price_source" <> 'unavailable') and ("wallet_transactions"."settled_usd_cents_per_btc" is null or "wallet_transactions"."settled_usd_cents_per_btc" > 0));
--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_label_length" CHECK (length("deposit_addresses"."label") <= 255);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" drop column "search_text";--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(counterparty_name, '') || ' ' || coalesce(counterparty_username, '') || ' ' || coalesce(address, '') || ' ' || coalesce(note, '') || ' ' || coalesce(label, '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_transactions_search_trgm_idx" ON "wallet_transactions" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS "wallet_transactions_user_created_idx";
--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree
  ("user_id", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("type", "search_text");
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ALTER COLUMN "search_text" SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "wallet_transactions";
