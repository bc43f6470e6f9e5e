import {
  LABEL_MAX_LENGTH,
  recordedPriceSourceSchema,
  transactionStatusSchema,
  transactionTypeSchema,
  withdrawalStateSchema,
} from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";
import { ledgerTransfers } from "./ledger.js";

/**
 * A recorded price's three columns agree: a source and a time together, a price exactly when the source is
 * not `unavailable`, and a price above zero.
 */
function recordedPriceChecks(moment: string, cents: unknown, source: unknown, readAt: unknown) {
  const name = `wallet_transactions_${moment}_price`;
  return [
    check(`${name}_source_check`, sql`${source} in (${quoted(recordedPriceSourceSchema.options)})`),
    check(`${name}_read_at_check`, sql`(${source} is null) = (${readAt} is null)`),
    check(
      `${name}_value_check`,
      sql`(${cents} is not null) = (${source} is not null and ${source} <> 'unavailable') and (${cents} is null or ${cents} > 0)`,
    ),
  ];
}

/**
 * What a customer sees in their history: one row per customer per movement (a send between two
 * customers is a `send` row for one and a `receive` row for the other). Written by the transactions
 * module in the same database transaction as the ledger postings it describes.
 */
export const walletTransactions = pgTable(
  "wallet_transactions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    type: text("type", { enum: values(transactionTypeSchema) }).notNull(),
    status: text("status", { enum: values(transactionStatusSchema) }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    fee: bigint("fee", { mode: "bigint" }).notNull().default(sql`0`),
    counterpartyUserId: uuid("counterparty_user_id").references(() => users.id),
    // The counterparty's username and name when it happened, denormalised: the search reads this table only.
    counterpartyUsername: text("counterparty_username"),
    counterpartyName: text("counterparty_name"),
    /** The Bitcoin address, when the money went to or came from one. */
    address: text("address"),
    note: text("note"),
    /** The ledger transfer that moved the money. */
    transferId: bigint("transfer_id", { mode: "number" }).references(() => ledgerTransfers.id),
    /** The on-chain transaction, for deposits and withdrawals. */
    txid: text("txid"),
    /** The height of the best-chain block holding `txid`; null in the mempool (or with no txid). */
    blockHeight: integer("block_height"),
    /** A withdrawal's progress (the withdrawals module keeps it in step); null for anything else. */
    withdrawalState: text("withdrawal_state", { enum: values(withdrawalStateSchema) }),
    /** A held withdrawal waits until then. */
    heldUntil: timestamptz("held_until"),
    /** Why staff rejected the withdrawal: the customer reads it. */
    withdrawalReason: text("withdrawal_reason"),
    createdAt: timestamptz("created_at").notNull(),
    /**
     * The BTC/USD price when the transaction was created (in cents per BTC), where it came from and when it
     * was read: the latest price reading (price_readings) at that moment. Source `unavailable` (and no
     * price) when there was no recent reading; all three null on rows written before prices were recorded.
     */
    createdUsdCentsPerBtc: bigint("created_usd_cents_per_btc", { mode: "bigint" }),
    createdPriceSource: text("created_price_source", { enum: values(recordedPriceSourceSchema) }),
    createdPriceReadAt: timestamptz("created_price_read_at"),
    /** The same, when the transaction settled (completed); null until then. */
    settledUsdCentsPerBtc: bigint("settled_usd_cents_per_btc", { mode: "bigint" }),
    settledPriceSource: text("settled_price_source", { enum: values(recordedPriceSourceSchema) }),
    settledPriceReadAt: timestamptz("settled_price_read_at"),
    /** The customer's own label on their row (the note is the sender's); searchable. */
    label: text("label"),
    /**
     * What the customer's history search matches, kept by the database: the counterparty's name and
     * username, the address, the note and the customer's label, one space between them (a search word never holds a space, so
     * none matches across two of them).
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(counterparty_name, '') || ' ' || coalesce(counterparty_username, '') || ' ' || coalesce(address, '') || ' ' || coalesce(note, '') || ' ' || coalesce(label, '')`,
      ),
  },
  (t) => [
    // Also INCLUDE (type, search_text), written by hand in migrations 0018 and 0028 (drizzle-orm cannot
    // spell INCLUDE): a customer's history search is an index-only walk.
    index("wallet_transactions_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    // Also the recent payees' walk: a customer's sends, newest first.
    index("wallet_transactions_user_type_created_idx").on(t.userId, t.type, t.createdAt.desc(), t.id.desc()),
    // A rare search word: the rows holding its trigrams, instead of the customer's whole history.
    index("wallet_transactions_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("wallet_transactions_address_trgm_idx").using("gin", t.address.op("gin_trgm_ops")),
    index("wallet_transactions_transfer_idx").on(t.transferId),
    // Staff's Transaction History: every customer's rows, newest first, filtered by type or status, and
    // found by txid.
    index("wallet_transactions_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("wallet_transactions_type_created_idx").on(t.type, t.createdAt.desc(), t.id.desc()),
    index("wallet_transactions_status_created_idx").on(t.status, t.createdAt.desc(), t.id.desc()),
    index("wallet_transactions_txid_idx").on(t.txid).where(sql`${t.txid} is not null`),
    check("wallet_transactions_type_check", sql`${t.type} in ('send', 'receive')`),
    check("wallet_transactions_status_check", sql`${t.status} in ('completed', 'pending', 'failed')`),
    check("wallet_transactions_amount_positive", sql`${t.amount} > 0`),
    check("wallet_transactions_fee_check", sql`${t.fee} >= 0`),
    check("wallet_transactions_note_length", sql`length(${t.note}) <= 140`),
    check(
      "wallet_transactions_label_length",
      sql`length(${t.label}) <= ${sql.raw(String(LABEL_MAX_LENGTH))}`,
    ),
    ...recordedPriceChecks("created", t.createdUsdCentsPerBtc, t.createdPriceSource, t.createdPriceReadAt),
    ...recordedPriceChecks("settled", t.settledUsdCentsPerBtc, t.settledPriceSource, t.settledPriceReadAt),
    check(
      "wallet_transactions_withdrawal_state_check",
      sql`${t.withdrawalState} is null or (${t.type} = 'send' and ${t.withdrawalState} in (${quoted(withdrawalStateSchema.options)}))`,
    ),
  ],
);
