CREATE TABLE "payouts" (
	"txid" text PRIMARY KEY NOT NULL,
	"hex" text NOT NULL,
	"status" text NOT NULL,
	"miner_fee_sats" bigint NOT NULL,
	"vsize" integer NOT NULL,
	"change_vout" integer,
	"change_sats" bigint,
	"change_address" text,
	"change_index" integer,
	"block_height" integer,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('signed', 'broadcast', 'confirmed', 'failed')),
	CONSTRAINT "payouts_miner_fee_check" CHECK ("payouts"."miner_fee_sats" > 0),
	CONSTRAINT "payouts_change_check" CHECK (("payouts"."change_vout" is null) = ("payouts"."change_sats" is null) and ("payouts"."change_sats" is null or "payouts"."change_sats" > 0))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"address" text NOT NULL,
	"amount_sats" bigint NOT NULL,
	"fee_sats" bigint NOT NULL,
	"status" text NOT NULL,
	"payout_txid" text,
	"payout_vout" integer,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('queued', 'sent', 'completed', 'failed')),
	CONSTRAINT "withdrawals_amount_check" CHECK ("withdrawals"."amount_sats" >= 546),
	CONSTRAINT "withdrawals_fee_check" CHECK ("withdrawals"."fee_sats" >= 0),
	CONSTRAINT "withdrawals_payout_check" CHECK (("withdrawals"."status" = 'queued') = ("withdrawals"."payout_txid" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_kind_check";--> statement-breakpoint
ALTER TABLE "hot_wallet_utxos" ADD COLUMN "spent_by" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "block_height" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_id_wallet_transactions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."wallet_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_txid_payouts_txid_fk" FOREIGN KEY ("payout_txid") REFERENCES "public"."payouts"("txid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "withdrawals_status_created_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_payout_idx" ON "withdrawals" USING btree ("payout_txid");--> statement-breakpoint
CREATE INDEX "hot_wallet_utxos_spent_by_idx" ON "hot_wallet_utxos" USING btree ("spent_by");--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('opening_balance', 'customer_transfer', 'deposit', 'withdrawal', 'withdrawal_fee', 'withdrawal_reversal', 'payout', 'miner_fee'));