CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"transaction_alerts" boolean DEFAULT false NOT NULL,
	"security_alerts" boolean DEFAULT false NOT NULL,
	"email_notifications" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
-- Written by hand: the notifications made so far are all the KYC module's (verification).
UPDATE "notifications" SET "kind" = 'verification' WHERE "type" = 'kyc';--> statement-breakpoint
UPDATE "notifications" SET "kind" = 'staff_message' WHERE "kind" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_email_due_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."email" = 'due';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('money_received', 'money_sent', 'withdrawal_failed', 'verification', 'suspicious_sign_in', 'password_changed', 'two_factor_enabled', 'two_factor_disabled', 'staff_message'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_check" CHECK ("notifications"."email" in ('due', 'sent'));