CREATE TABLE "kyc_status" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"identity" text DEFAULT 'required' NOT NULL,
	"address" text DEFAULT 'required' NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_status_identity_check" CHECK ("kyc_status"."identity" in ('required', 'pending', 'verified', 'rejected')),
	CONSTRAINT "kyc_status_address_check" CHECK ("kyc_status"."address" in ('required', 'pending', 'verified', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"user_id" uuid,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_check" CHECK ("ledger_accounts"."kind" in ('customer', 'opening_equity', 'fee_revenue', 'hot_wallet', 'withdrawal_clearing', 'miner_fees', 'deposit_suspense')),
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'customer') = ("ledger_accounts"."user_id" is not null)),
	CONSTRAINT "ledger_accounts_customer_not_negative" CHECK ("ledger_accounts"."kind" <> 'customer' or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transfers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"debit_account_id" bigint NOT NULL,
	"credit_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"idempotency_key" text NOT NULL,
	"leg" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_kind_check" CHECK ("ledger_transfers"."kind" in ('opening_balance', 'customer_transfer')),
	CONSTRAINT "ledger_transfers_leg_check" CHECK ("ledger_transfers"."leg" >= 0),
	CONSTRAINT "ledger_transfers_key_length" CHECK (length("ledger_transfers"."idempotency_key") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"counterparty_user_id" uuid,
	"counterparty_username" text,
	"counterparty_name" text,
	"address" text,
	"note" text,
	"transfer_id" bigint,
	"txid" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_transactions_type_check" CHECK ("wallet_transactions"."type" in ('send', 'receive')),
	CONSTRAINT "wallet_transactions_status_check" CHECK ("wallet_transactions"."status" in ('completed', 'pending', 'failed')),
	CONSTRAINT "wallet_transactions_amount_positive" CHECK ("wallet_transactions"."amount" > 0),
	CONSTRAINT "wallet_transactions_fee_check" CHECK ("wallet_transactions"."fee" >= 0),
	CONSTRAINT "wallet_transactions_note_length" CHECK (length("wallet_transactions"."note") <= 140)
);
--> statement-breakpoint
CREATE TABLE "address_chains" (
	"network" text NOT NULL,
	"chain" smallint NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "address_chains_network_chain_pk" PRIMARY KEY("network","chain"),
	CONSTRAINT "address_chains_network_check" CHECK ("address_chains"."network" in ('mainnet', 'testnet', 'signet', 'regtest'))
);
--> statement-breakpoint
CREATE TABLE "deposit_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"network" text NOT NULL,
	"chain" smallint NOT NULL,
	"chain_index" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "deposit_addresses_network_check" CHECK ("deposit_addresses"."network" in ('mainnet', 'testnet', 'signet', 'regtest')),
	CONSTRAINT "deposit_addresses_index_check" CHECK ("deposit_addresses"."chain_index" >= 0)
);
--> statement-breakpoint
CREATE TABLE "send_requests" (
	"user_id" uuid NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"transaction_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "send_requests_user_id_idempotency_key_pk" PRIMARY KEY("user_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "kyc_status" ADD CONSTRAINT "kyc_status_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_counterparty_user_id_users_id_fk" FOREIGN KEY ("counterparty_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_addresses" ADD CONSTRAINT "deposit_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_requests" ADD CONSTRAINT "send_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_unique" ON "ledger_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_bank_kind_unique" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_unique" ON "ledger_transfers" USING btree ("idempotency_key","leg");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_type_created_idx" ON "wallet_transactions" USING btree ("user_id","type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_counterparty_trgm_idx" ON "wallet_transactions" USING gin ("counterparty_username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wallet_transactions_address_trgm_idx" ON "wallet_transactions" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "wallet_transactions_transfer_idx" ON "wallet_transactions" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_user_network_unique" ON "deposit_addresses" USING btree ("user_id","network");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_addresses_derivation_unique" ON "deposit_addresses" USING btree ("network","chain","chain_index");