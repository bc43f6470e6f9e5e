CREATE TABLE "proof_reserves" (
	"epoch" bigint PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"total" bigint NOT NULL,
	"coin_count" integer NOT NULL,
	"psbt" text NOT NULL,
	"vault" text,
	"vault_inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "proof_reserves_status_check" CHECK ("proof_reserves"."status" in ('awaiting_signatures', 'covered', 'failing')),
	CONSTRAINT "proof_reserves_total_not_negative" CHECK ("proof_reserves"."total" >= 0 and "proof_reserves"."coin_count" >= 0),
	CONSTRAINT "proof_reserves_completed" CHECK (("proof_reserves"."status" = 'awaiting_signatures') = ("proof_reserves"."completed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "proof_reserves" ADD CONSTRAINT "proof_reserves_epoch_proof_epochs_epoch_fk" FOREIGN KEY ("epoch") REFERENCES "public"."proof_epochs"("epoch") ON DELETE no action ON UPDATE no action;