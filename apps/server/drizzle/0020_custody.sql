CREATE TABLE "solvency_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"liabilities_sats" bigint NOT NULL,
	"hot_sats" bigint NOT NULL,
	"vault_sats" bigint NOT NULL,
	"problems" jsonb NOT NULL,
	"paused_since" timestamp with time zone,
	"resumed_by" uuid,
	"resumed_at" timestamp with time zone,
	"resume_reason" text,
	"resumed_problems" jsonb,
	CONSTRAINT "solvency_state_one_row" CHECK ("solvency_state"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "withdrawal_approvals_withdrawal_id_staff_id_pk" PRIMARY KEY("withdrawal_id","staff_id"),
	CONSTRAINT "withdrawal_approvals_decision_check" CHECK ("withdrawal_approvals"."decision" in ('approved', 'rejected')),
	CONSTRAINT "withdrawal_approvals_reason_check" CHECK ("withdrawal_approvals"."decision" = 'approved' or "withdrawal_approvals"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "hot_wallet_utxos" DROP CONSTRAINT "hot_wallet_utxos_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_payout_check";--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_transfers" DROP CONSTRAINT "ledger_transfers_kind_check";--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "held_sats" bigint;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "purpose" text DEFAULT 'withdrawals' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "approvals_needed" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "withdrawal_state" text;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "withdrawal_reason" text;--> statement-breakpoint
ALTER TABLE "solvency_state" ADD CONSTRAINT "solvency_state_resumed_by_users_id_fk" FOREIGN KEY ("resumed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_held_until_idx" ON "withdrawals" USING btree ("held_until") WHERE "withdrawals"."status" = 'held';--> statement-breakpoint
CREATE INDEX "withdrawals_user_address_idx" ON "withdrawals" USING btree ("user_id","address");--> statement-breakpoint
CREATE INDEX "withdrawals_user_created_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_held_check" CHECK ("chain_deposits"."held_sats" is null or "chain_deposits"."held_sats" >= 0);--> statement-breakpoint
ALTER TABLE "chain_deposits" ADD CONSTRAINT "chain_deposits_resolution_check" CHECK ("chain_deposits"."resolution" is null or "chain_deposits"."resolution" in ('reversed', 'absorbed'));--> statement-breakpoint
ALTER TABLE "hot_wallet_utxos" ADD CONSTRAINT "hot_wallet_utxos_status_check" CHECK ("hot_wallet_utxos"."status" in ('available', 'locked', 'spent', 'missing', 'written_off'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_purpose_check" CHECK ("payouts"."purpose" in ('withdrawals', 'sweep'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_approvals_check" CHECK ("withdrawals"."approvals_needed" between 0 and 2);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_review_reason_check" CHECK ("withdrawals"."review_reason" is null or "withdrawals"."review_reason" in ('amount', 'dual_amount', 'velocity'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_held_check" CHECK ("withdrawals"."status" <> 'held' or "withdrawals"."held_until" is not null);--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawals"."status" in ('held', 'awaiting_approval', 'queued', 'sent', 'completed', 'failed', 'cancelled', 'rejected'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_payout_check" CHECK (("withdrawals"."status" in ('held', 'awaiting_approval', 'queued', 'cancelled', 'rejected')) = ("withdrawals"."payout_txid" is null));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('customer', 'opening_equity', 'fee_revenue', 'hot_wallet', 'withdrawal_clearing', 'miner_fees', 'deposit_suspense', 'cold_vault', 'bank_losses'));--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('opening_balance', 'customer_transfer', 'deposit', 'withdrawal', 'withdrawal_fee', 'withdrawal_reversal', 'payout', 'miner_fee', 'deposit_hold', 'deposit_release', 'deposit_reversal', 'deposit_write_off', 'vault_sweep', 'vault_refill'));--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_withdrawal_state_check" CHECK ("wallet_transactions"."withdrawal_state" is null or ("wallet_transactions"."type" = 'send' and "wallet_transactions"."withdrawal_state" in ('held', 'awaiting_approval', 'queued', 'broadcast', 'confirmed', 'cancelled', 'rejected', 'failed')));--> statement-breakpoint
-- The bank's new accounts, one of each kind (as migration 0004 made the others).
INSERT INTO ledger_accounts (kind) VALUES ('cold_vault'), ('bank_losses');
--> statement-breakpoint
-- Withdrawals made before the policy: their history rows say where they stand.
UPDATE wallet_transactions AS t
   SET withdrawal_state = CASE w.status
     WHEN 'queued' THEN 'queued' WHEN 'sent' THEN 'broadcast' WHEN 'completed' THEN 'confirmed' ELSE 'failed' END
  FROM withdrawals AS w
 WHERE w.id = t.id;
