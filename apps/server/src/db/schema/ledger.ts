import { sql } from "drizzle-orm";
import { bigint, check, index, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz } from "./columns.js";

// The double-entry ledger. Only src/ledger/ writes these tables, and only through the ledger_post()
// function (migration 0004): see docs/decisions/0006-ledger-postings.md.

/** One account per customer, plus the bank's own accounts (one of each kind). */
export const ledgerAccountKinds = [
  "customer",
  // Where opening balances come from (the seed's and any migration from another system).
  "opening_equity",
  "fee_revenue",
  // On-chain money (the withdrawals and deposits issue).
  "hot_wallet",
  "withdrawal_clearing",
  "miner_fees",
  // A reorganised deposit's amount, held from the customer until it confirms again or staff resolve it.
  "deposit_suspense",
  // The cold vault's coins (2-of-3 multisig; the server holds no key of it), mirrored as the hot wallet's are.
  "cold_vault",
  // What the bank bears itself: a reorganised deposit it absorbs instead of reversing.
  "bank_losses",
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerTransferKinds = [
  "opening_balance",
  "customer_transfer",
  // A confirmed payment to a customer's deposit address: the hot wallet to the customer.
  "deposit",
  // A customer's withdrawal, when they confirm it: its amount to withdrawal clearing...
  "withdrawal",
  // ...and the withdrawal fee to fee revenue, in the same posting.
  "withdrawal_fee",
  // A withdrawal whose payout the network refused for good: amount and fee back to the customer.
  "withdrawal_reversal",
  // A payout confirmed: the withdrawals it paid leave clearing for the hot wallet's coins...
  "payout",
  // ...and the miner fee it paid is the bank's expense.
  "miner_fee",
  // A credited deposit reorganised out of the chain: what the customer still has of it, held in suspense...
  "deposit_hold",
  // ...given back when the deposit confirms again (or staff absorb it)...
  "deposit_release",
  // ...or taken for good when staff reverse it: suspense to the hot wallet, whose phantom coin is gone.
  "deposit_reversal",
  // A reorganised deposit the bank absorbs: its missing coin written off the hot wallet, at the bank's cost.
  "deposit_write_off",
  // Coins moved between the hot wallet and the cold vault (the amount; the miner fee is a miner_fee).
  "vault_sweep",
  "vault_refill",
] as const;
export type LedgerTransferKind = (typeof ledgerTransferKinds)[number];

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ledgerAccountKinds }).notNull(),
    /** The customer who owns it; null for the bank's accounts. */
    userId: uuid("user_id").references(() => users.id),
    /** Credits minus debits of the account's transfers, kept up to date by ledger_post(). */
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_unique").on(t.userId),
    uniqueIndex("ledger_accounts_bank_kind_unique").on(t.kind).where(sql`${t.userId} is null`),
    check("ledger_accounts_kind_check", sql`${t.kind} in (${quoted(ledgerAccountKinds)})`),
    check("ledger_accounts_owner_check", sql`(${t.kind} = 'customer') = (${t.userId} is not null)`),
    check("ledger_accounts_customer_not_negative", sql`${t.kind} <> 'customer' or ${t.balance} >= 0`),
  ],
);

/**
 * Immutable (a trigger refuses UPDATE, DELETE and TRUNCATE): money moves from the debit account to the
 * credit account. The transfers of one posting share its idempotency key, one leg each.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // No foreign keys to ledger_accounts, on purpose: ledger_post() checks every account exists while it
    // holds its lock, and a foreign-key check would share-lock the hottest rows (see the decision record).
    debitAccountId: bigint("debit_account_id", { mode: "number" }).notNull(),
    creditAccountId: bigint("credit_account_id", { mode: "number" }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    kind: text("kind", { enum: ledgerTransferKinds }).notNull(),
    /** What the posting was for, e.g. "transaction:<transactionId>". */
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").notNull(),
    leg: smallint("leg").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("ledger_transfers_idempotency_unique").on(t.idempotencyKey, t.leg),
    index("ledger_transfers_debit_idx").on(t.debitAccountId, t.id),
    index("ledger_transfers_credit_idx").on(t.creditAccountId, t.id),
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_distinct_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check("ledger_transfers_kind_check", sql`${t.kind} in (${quoted(ledgerTransferKinds)})`),
    check("ledger_transfers_leg_check", sql`${t.leg} >= 0`),
    check("ledger_transfers_key_length", sql`length(${t.idempotencyKey}) between 1 and 200`),
  ],
);
