CREATE TABLE "proof_epochs" (
	"epoch" bigserial PRIMARY KEY NOT NULL,
	"root_hash" text NOT NULL,
	"total" bigint NOT NULL,
	"leaf_count" integer NOT NULL,
	"ledger_position" bigint NOT NULL,
	"block_height" integer NOT NULL,
	"block_hash" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"depth" integer NOT NULL,
	"public_key" text NOT NULL,
	"signature" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL,
	CONSTRAINT "proof_epochs_root_hash_hex" CHECK ("proof_epochs"."root_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proof_epochs_block_hash_hex" CHECK ("proof_epochs"."block_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proof_epochs_public_key_hex" CHECK ("proof_epochs"."public_key" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proof_epochs_signature_hex" CHECK ("proof_epochs"."signature" ~ '^[0-9a-f]{128}$'),
	CONSTRAINT "proof_epochs_total_not_negative" CHECK ("proof_epochs"."total" >= 0),
	CONSTRAINT "proof_epochs_counts" CHECK ("proof_epochs"."leaf_count" >= 0 and "proof_epochs"."depth" >= 0 and "proof_epochs"."depth" <= 40)
);
--> statement-breakpoint
CREATE TABLE "proof_leaves" (
	"epoch" bigint NOT NULL,
	"position" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"salt" text NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "proof_leaves_epoch_position_pk" PRIMARY KEY("epoch","position"),
	CONSTRAINT "proof_leaves_salt_hex" CHECK ("proof_leaves"."salt" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proof_leaves_balance_not_negative" CHECK ("proof_leaves"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "proof_nodes" (
	"epoch" bigint NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sum" bigint NOT NULL,
	CONSTRAINT "proof_nodes_epoch_level_position_pk" PRIMARY KEY("epoch","level","position"),
	CONSTRAINT "proof_nodes_hash_hex" CHECK ("proof_nodes"."hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "proof_nodes_sum_not_negative" CHECK ("proof_nodes"."sum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_target_type_check";--> statement-breakpoint
ALTER TABLE "proof_leaves" ADD CONSTRAINT "proof_leaves_epoch_proof_epochs_epoch_fk" FOREIGN KEY ("epoch") REFERENCES "public"."proof_epochs"("epoch") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_nodes" ADD CONSTRAINT "proof_nodes_epoch_proof_epochs_epoch_fk" FOREIGN KEY ("epoch") REFERENCES "public"."proof_epochs"("epoch") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proof_leaves_account_idx" ON "proof_leaves" USING btree ("epoch","account_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('customer.deactivated', 'customer.reactivated', 'customer.messaged', 'kyc.decided', 'kyc.overridden', 'support.replied', 'support.closed', 'transactions.exported', 'withdrawal.approved', 'withdrawal.rejected', 'deposit.reversed', 'deposit.absorbed', 'payouts.resumed', 'vault.refill_started', 'vault.refill_signed', 'vault.refill_broadcast', 'vault.refill_cancelled', 'proof.epoch_built'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_type_check" CHECK ("audit_events"."target_type" in ('customer', 'kyc_submission', 'support_request', 'transactions', 'withdrawal', 'deposit', 'payouts', 'vault_refill', 'proof_epoch'));