DROP INDEX "withdrawals_user_address_idx";--> statement-breakpoint
CREATE INDEX "withdrawals_address_user_idx" ON "withdrawals" USING btree ("address","user_id");