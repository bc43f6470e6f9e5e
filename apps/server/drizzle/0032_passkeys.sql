CREATE TABLE "passkey_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"session_id" uuid,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"nonce" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "passkey_challenges_purpose_check" CHECK ("passkey_challenges"."purpose" in ('registration', 'signIn', 'reauthenticate', 'withdrawal', 'staffAction')),
	CONSTRAINT "passkey_challenges_nonce_check" CHECK (("passkey_challenges"."nonce" is not null) = ("passkey_challenges"."purpose" in ('withdrawal', 'staffAction')))
);
--> statement-breakpoint
CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"aaguid" text NOT NULL,
	"device" text NOT NULL,
	"synced" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"flagged_at" timestamp with time zone,
	CONSTRAINT "passkeys_sign_count_check" CHECK ("passkeys"."sign_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "login_challenges" ADD COLUMN "purpose" text DEFAULT 'signIn' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_events" ADD COLUMN "kind" text DEFAULT 'signIn' NOT NULL;--> statement-breakpoint
ALTER TABLE "login_events" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "login_events" ADD COLUMN "passkey_name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "proved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "approve_withdrawals_with_passkey" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "passkey_challenges" ADD CONSTRAINT "passkey_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkey_challenges_user_id_idx" ON "passkey_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "passkey_challenges_expires_at_idx" ON "passkey_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_id_unique" ON "passkeys" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "login_challenges" ADD CONSTRAINT "login_challenges_purpose_check" CHECK ("login_challenges"."purpose" in ('signIn', 'reauthenticate'));--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_kind_check" CHECK ("login_events"."kind" in ('signIn', 'passkeyAdded', 'passkeyRenamed', 'passkeyRemoved'));--> statement-breakpoint
ALTER TABLE "login_events" ADD CONSTRAINT "login_events_method_check" CHECK ("login_events"."method" is null or ("login_events"."kind" = 'signIn' and "login_events"."method" in ('password', 'recoveryCode', 'passkey')));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('money_received', 'money_sent', 'withdrawal_failed', 'verification', 'suspicious_sign_in', 'password_changed', 'two_factor_enabled', 'two_factor_disabled', 'staff_message', 'account_deactivated', 'account_reactivated', 'support_reply', 'withdrawal_held', 'withdrawal_review', 'withdrawal_cancelled', 'withdrawal_rejected', 'deposit_on_hold', 'deposit_released', 'deposit_reversed', 'solvency_alert', 'withdrawal_confirmed', 'recovery_code_used', 'recovery_codes_regenerated', 'passkey_added', 'passkey_renamed', 'passkey_removed', 'passkey_approval_changed', 'passkey_flagged'));