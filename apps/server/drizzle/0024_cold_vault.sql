CREATE TABLE "vault_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"vault" text NOT NULL,
	"chain" smallint NOT NULL,
	"chain_index" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vault_addresses_derivation_unique" UNIQUE("vault","chain","chain_index")
);
--> statement-breakpoint
CREATE TABLE "vault_coins" (
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"value_sats" bigint NOT NULL,
	"address" text NOT NULL,
	"vault" text NOT NULL,
	"chain" smallint NOT NULL,
	"chain_index" integer NOT NULL,
	"status" text NOT NULL,
	"spent_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vault_coins_txid_vout_pk" PRIMARY KEY("txid","vout"),
	CONSTRAINT "vault_coins_status_check" CHECK ("vault_coins"."status" in ('incoming', 'available', 'locked', 'spent', 'missing')),
	CONSTRAINT "vault_coins_value_check" CHECK ("vault_coins"."value_sats" > 0)
);
--> statement-breakpoint
CREATE TABLE "vault_refills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vault" text NOT NULL,
	"status" text NOT NULL,
	"amount_sats" bigint NOT NULL,
	"miner_fee_sats" bigint NOT NULL,
	"reason" text NOT NULL,
	"txid" text NOT NULL,
	"unsigned_psbt" text NOT NULL,
	"signed_psbt" text,
	"hex" text,
	"hot_address" text NOT NULL,
	"hot_index" integer NOT NULL,
	"hot_vout" integer NOT NULL,
	"change_vout" integer,
	"change_sats" bigint,
	"change_address" text,
	"change_index" integer,
	"block_height" integer,
	"failure" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"broadcast_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "vault_refills_txid_unique" UNIQUE("txid"),
	CONSTRAINT "vault_refills_status_check" CHECK ("vault_refills"."status" in ('awaiting_signatures', 'broadcast', 'confirmed', 'cancelled', 'failed')),
	CONSTRAINT "vault_refills_amount_check" CHECK ("vault_refills"."amount_sats" >= 546),
	CONSTRAINT "vault_refills_fee_check" CHECK ("vault_refills"."miner_fee_sats" > 0),
	CONSTRAINT "vault_refills_change_check" CHECK (("vault_refills"."change_vout" is null) = ("vault_refills"."change_sats" is null) and ("vault_refills"."change_sats" is null or "vault_refills"."change_sats" >= 546))
);
--> statement-breakpoint
ALTER TABLE "vault_refills" ADD CONSTRAINT "vault_refills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vault_coins_status_idx" ON "vault_coins" USING btree ("status","value_sats");--> statement-breakpoint
CREATE INDEX "vault_coins_spent_by_idx" ON "vault_coins" USING btree ("spent_by");--> statement-breakpoint
CREATE INDEX "vault_refills_status_created_idx" ON "vault_refills" USING btree ("status","created_at");