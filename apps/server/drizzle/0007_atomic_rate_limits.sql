CREATE TABLE "rate_limit_counters" (
	"bucket" text NOT NULL,
	"key_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_bucket_key_hash_window_start_pk" PRIMARY KEY("bucket","key_hash","window_start")
);
--> statement-breakpoint
ALTER TABLE "rate_limit_hits" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "rate_limit_hits" CASCADE;--> statement-breakpoint
DROP INDEX "login_challenges_user_id_idx";--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_start_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
-- One challenge per account from now on: keep each account's newest (challenges live 10 minutes).
DELETE FROM "login_challenges" AS "older" USING "login_challenges" AS "newer" WHERE "older"."user_id" = "newer"."user_id" AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "login_challenges_user_id_unique" ON "login_challenges" USING btree ("user_id");