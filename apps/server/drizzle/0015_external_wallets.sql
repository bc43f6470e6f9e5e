CREATE TABLE "external_wallet_challenges" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "external_wallet_challenges_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "external_wallet_challenges_provider_check" CHECK ("external_wallet_challenges"."provider" in ('unisat', 'bluewallet', 'okx'))
);
--> statement-breakpoint
CREATE TABLE "external_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"proof_format" text NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_wallets_provider_check" CHECK ("external_wallets"."provider" in ('unisat', 'bluewallet', 'okx')),
	CONSTRAINT "external_wallets_proof_format_check" CHECK ("external_wallets"."proof_format" in ('bip322-simple', 'legacy'))
);
--> statement-breakpoint
ALTER TABLE "external_wallet_challenges" ADD CONSTRAINT "external_wallet_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_wallets" ADD CONSTRAINT "external_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;