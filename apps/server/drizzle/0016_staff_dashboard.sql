CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_user_id" uuid NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"customer_id" uuid,
	"ip_address" text,
	"user_agent" text,
	"reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('customer.deactivated', 'customer.reactivated', 'customer.messaged', 'kyc.decided', 'kyc.overridden', 'support.replied', 'support.closed', 'transactions.exported')),
	CONSTRAINT "audit_events_target_type_check" CHECK ("audit_events"."target_type" in ('customer', 'kyc_submission', 'support_request', 'transactions')),
	CONSTRAINT "audit_events_reason_length" CHECK (length("audit_events"."reason") <= 500),
	CONSTRAINT "audit_events_user_agent_length" CHECK (length("audit_events"."user_agent") <= 512)
);
--> statement-breakpoint
CREATE TABLE "support_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "support_replies_message_length" CHECK (length("support_replies"."message") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_request_id_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_replies" ADD CONSTRAINT "support_replies_staff_user_id_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_customer_idx" ON "audit_events" USING btree ("customer_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_reason_trgm_idx" ON "audit_events" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "support_replies_request_idx" ON "support_replies" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_customers_name_idx" ON "users" USING btree (lower("name"),"id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "users_customers_email_idx" ON "users" USING btree ("email","id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "users_customers_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "users_customers_account_type_idx" ON "users" USING btree ("account_type","id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "users_customers_status_idx" ON "users" USING btree ("status","id") WHERE "users"."role" = 'customer';--> statement-breakpoint
CREATE INDEX "chain_deposits_reorged_idx" ON "chain_deposits" USING btree ("reorged_at") WHERE "chain_deposits"."reorged_at" is not null;--> statement-breakpoint
CREATE INDEX "kyc_submissions_review_idx" ON "kyc_submissions" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_created_idx" ON "wallet_transactions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_type_created_idx" ON "wallet_transactions" USING btree ("type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_status_created_idx" ON "wallet_transactions" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_txid_idx" ON "wallet_transactions" USING btree ("txid") WHERE "wallet_transactions"."txid" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('money_received', 'money_sent', 'withdrawal_failed', 'verification', 'suspicious_sign_in', 'password_changed', 'two_factor_enabled', 'two_factor_disabled', 'staff_message', 'account_deactivated', 'account_reactivated', 'support_reply'));--> statement-breakpoint
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is refused: the audit log is append-only', TG_OP, TG_TABLE_NAME USING ERRCODE = 'AU001';
END
$$;
--> statement-breakpoint
-- What staff did is history: never changed, never removed.
CREATE TRIGGER audit_events_append_only
  BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
