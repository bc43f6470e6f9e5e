-- Issue 21: recovery codes (keyed hashes, each used once), sessions ended by a deactivation kept as their
-- token hash so the browser hears why (until they would have expired), the public contact form's requests in
-- support_requests (no account needed: source contact_form, the name typed), and the notification kinds
-- recovery_code_used and recovery_codes_regenerated.
CREATE TABLE "ended_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ended_sessions_reason_check" CHECK ("ended_sessions"."reason" in ('accountInactive'))
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_mac" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "support_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "source" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "ended_sessions" ADD CONSTRAINT "ended_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_sessions_user_id_idx" ON "ended_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_code_unique" ON "recovery_codes" USING btree ("user_id","code_mac");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('money_received', 'money_sent', 'withdrawal_failed', 'verification', 'suspicious_sign_in', 'password_changed', 'two_factor_enabled', 'two_factor_disabled', 'staff_message', 'account_deactivated', 'account_reactivated', 'support_reply', 'withdrawal_held', 'withdrawal_review', 'withdrawal_cancelled', 'withdrawal_rejected', 'deposit_on_hold', 'deposit_released', 'deposit_reversed', 'solvency_alert', 'withdrawal_confirmed', 'recovery_code_used', 'recovery_codes_regenerated'));--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_source_check" CHECK ("support_requests"."source" in ('account', 'contact_form'));--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_owner_check" CHECK ("support_requests"."source" = 'contact_form' or "support_requests"."user_id" is not null);