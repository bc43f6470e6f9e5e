CREATE TABLE "chain_blocks" (
	"height" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"previous_hash" text NOT NULL,
	"processed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_blocks_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "chain_deposits" (
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"address" text NOT NULL,
	"user_id" uuid NOT NULL,
	"value_sats" bigint NOT NULL,
	"status" text NOT NULL,
	"block_height" integer,
	"block_hash" text,
	"wallet_transaction_id" uuid,
	"first_seen_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	"reorged_at" timestamp with time zone,
	CONSTRAINT "chain_deposits_txid_vout_pk" PRIMARY KEY("txid","vout"),
	CONSTRAINT "chain_deposits_status_check" CHECK ("chain_deposits"."status" in ('pending', 'credited', 'failed', 'dust')),
	CONSTRAINT "chain_deposits_value_check" CHECK ("chain_deposits"."value_sats" > 0)
);
--> statement-breakpoint
CREATE TABLE "hot_wallet_utxos" (
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"value_sats" bigint NOT NULL,
	"address" text NOT NULL,
	"chain" smallint NOT NULL,
	"chain_index" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "hot_wallet_utxos_txid_vout_pk" PRIMARY KEY("txid","vout"),
	CONSTRAINT "hot_wallet_utxos_status_check" CHECK ("hot_wallet_utxos"."status" in ('available', 'locked', 'spent', 'missing')),
	CONSTRAINT "hot_wallet_utxos_value_check" CHECK ("hot_wallet_utxos"."value_sats" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_kind_check";--> statement-breakpoint
DROP INDEX "deposit_addresses_user_network_unique";--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chain_deposits_status_height_idx" ON "chain_deposits" USING btree ("status","block_height");--> statement-breakpoint
CREATE INDEX "chain_deposits_block_idx" ON "chain_deposits" USING btree ("block_height");--> statement-breakpoint
CREATE INDEX "chain_deposits_user_idx" ON "chain_deposits" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hot_wallet_utxos_status_idx" ON "hot_wallet_utxos" USING btree ("status","value_sats");--> statement-breakpoint
CREATE INDEX "deposit_addresses_user_network_idx" ON "deposit_addresses" USING btree ("user_id","network","chain_index" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('opening_balance', 'customer_transfer', 'deposit'));