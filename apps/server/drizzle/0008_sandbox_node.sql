CREATE TABLE "sandbox_blocks" (
	"height" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"previous_hash" text NOT NULL,
	"header" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_blocks_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_node" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"faucet_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_node_single_row" CHECK ("sandbox_node"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sandbox_outputs" (
	"txid" text NOT NULL,
	"vout" integer NOT NULL,
	"value_sats" bigint NOT NULL,
	"script" text NOT NULL,
	"address" text,
	"spent_by" text,
	CONSTRAINT "sandbox_outputs_txid_vout_pk" PRIMARY KEY("txid","vout"),
	CONSTRAINT "sandbox_outputs_value_check" CHECK ("sandbox_outputs"."value_sats" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"txid" text PRIMARY KEY NOT NULL,
	"hex" text NOT NULL,
	"coinbase" boolean DEFAULT false NOT NULL,
	"fee_sats" bigint NOT NULL,
	"block_height" integer,
	"position" integer,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_transactions_fee_check" CHECK ("sandbox_transactions"."fee_sats" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_outputs" ADD CONSTRAINT "sandbox_outputs_txid_sandbox_transactions_txid_fk" FOREIGN KEY ("txid") REFERENCES "public"."sandbox_transactions"("txid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD CONSTRAINT "sandbox_transactions_block_height_sandbox_blocks_height_fk" FOREIGN KEY ("block_height") REFERENCES "public"."sandbox_blocks"("height") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_outputs_address_idx" ON "sandbox_outputs" USING btree ("address");--> statement-breakpoint
CREATE INDEX "sandbox_outputs_spent_by_idx" ON "sandbox_outputs" USING btree ("spent_by");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_block_idx" ON "sandbox_transactions" USING btree ("block_height","position");