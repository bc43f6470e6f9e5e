import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz } from "./columns.js";
import { walletTransactions } from "./transactions.js";

// Owned by the chain follower (modules/chain): what it has read of the best chain, the payments it found
// to the bank's addresses, and the bank's own coins.

/** The blocks the follower has processed, one per height of the best chain as it last saw it. */
export const chainBlocks = pgTable("chain_blocks", {
  height: integer("height").primaryKey(),
  hash: text("hash").notNull().unique(),
  previousHash: text("previous_hash").notNull(),
  processedAt: timestamptz("processed_at").notNull(),
});

export const depositStatuses = [
  // Seen (in the mempool or a block) and not yet at CONFIRMATIONS.
  "pending",
  // Credited to the customer's ledger account, once.
  "credited",
  // Left the chain before it was credited: never credited (unless it comes back in a block).
  "failed",
  // Below the dust limit: recorded, never credited.
  "dust",
] as const;
export type DepositStatus = (typeof depositStatuses)[number];

/** One output paying a customer's deposit address: credited exactly once, by (txid, vout). */
export const chainDeposits = pgTable(
  "chain_deposits",
  {
    txid: text("txid").notNull(),
    vout: integer("vout").notNull(),
    address: text("address").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    valueSats: bigint("value_sats", { mode: "bigint" }).notNull(),
    status: text("status", { enum: depositStatuses }).notNull(),
    /** The block of the best chain it is in; null while it waits in the mempool (or after it left). */
    blockHeight: integer("block_height"),
    blockHash: text("block_hash"),
    /** The customer's history row (a pending receive, then completed or failed); none for dust. */
    transactionId: uuid("wallet_transaction_id").references(() => walletTransactions.id),
    firstSeenAt: timestamptz("first_seen_at").notNull(),
    creditedAt: timestamptz("credited_at"),
    /** Set when a credited deposit's block left the best chain: for staff (never credited again). */
    reorgedAt: timestamptz("reorged_at"),
  },
  (t) => [
    primaryKey({ columns: [t.txid, t.vout] }),
    index("chain_deposits_status_height_idx").on(t.status, t.blockHeight),
    index("chain_deposits_block_idx").on(t.blockHeight),
    index("chain_deposits_user_idx").on(t.userId),
    // Books: the deposits a reorganisation flagged (usually none).
    index("chain_deposits_reorged_idx").on(t.reorgedAt).where(sql`${t.reorgedAt} is not null`),
    check("chain_deposits_status_check", sql`${t.status} in (${quoted(depositStatuses)})`),
    check("chain_deposits_value_check", sql`${t.valueSats} > 0`),
  ],
);

export const utxoStatuses = [
  // Confirmed and free for a withdrawal to spend.
  "available",
  // Picked by a withdrawal transaction that is not confirmed yet.
  "locked",
  // Spent by a confirmed transaction of the bank.
  "spent",
  // Its block left the best chain: not spendable until it is back in a block.
  "missing",
] as const;
export type UtxoStatus = (typeof utxoStatuses)[number];

/** The hot wallet's coins: credited deposits and the change of the bank's own transactions. */
export const hotWalletUtxos = pgTable(
  "hot_wallet_utxos",
  {
    txid: text("txid").notNull(),
    vout: integer("vout").notNull(),
    valueSats: bigint("value_sats", { mode: "bigint" }).notNull(),
    address: text("address").notNull(),
    /** Where its key derives from: the BIP84 chain (0 receive, 1 change) and index. */
    chain: smallint("chain").notNull(),
    chainIndex: integer("chain_index").notNull(),
    status: text("status", { enum: utxoStatuses }).notNull(),
    /** The payout spending it (status locked, then spent); null while it is free. */
    spentBy: text("spent_by"),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.txid, t.vout] }),
    index("hot_wallet_utxos_status_idx").on(t.status, t.valueSats),
    index("hot_wallet_utxos_spent_by_idx").on(t.spentBy),
    check("hot_wallet_utxos_status_check", sql`${t.status} in (${quoted(utxoStatuses)})`),
    check("hot_wallet_utxos_value_check", sql`${t.valueSats} > 0`),
  ],
);

export const payoutStatuses = [
  // Signed and recorded, not yet accepted by the chain backend: the worker (re)broadcasts these bytes.
  "signed",
  // Accepted by the chain backend; waiting for CONFIRMATIONS.
  "broadcast",
  // CONFIRMATIONS deep: its withdrawals are completed and the ledger settled.
  "confirmed",
  // Refused for good by the network: its withdrawals were reversed and its coins freed.
  "failed",
] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/**
 * The bank's own chain transactions: each pays one or more withdrawals (a batch) from the hot wallet's
 * coins, with change back to the wallet's internal chain. Recorded, signed, before it is broadcast, so a
 * crash in between sends the same bytes again, never a new transaction.
 */
export const payouts = pgTable(
  "payouts",
  {
    txid: text("txid").primaryKey(),
    /** The signed transaction, raw hex: what is (re)broadcast. */
    hex: text("hex").notNull(),
    status: text("status", { enum: payoutStatuses }).notNull(),
    /** What the miners get: inputs minus outputs. */
    minerFeeSats: bigint("miner_fee_sats", { mode: "bigint" }).notNull(),
    vsize: integer("vsize").notNull(),
    /** The change output back to the hot wallet, if any (below the dust limit it goes to the miners). */
    changeVout: integer("change_vout"),
    changeSats: bigint("change_sats", { mode: "bigint" }),
    changeAddress: text("change_address"),
    changeIndex: integer("change_index"),
    /** The best-chain block holding it, as the chain backend last said. */
    blockHeight: integer("block_height"),
    /** Why the network refused it, in the backend's words (status failed). */
    failure: text("failure"),
    createdAt: timestamptz("created_at").notNull(),
    broadcastAt: timestamptz("broadcast_at"),
    confirmedAt: timestamptz("confirmed_at"),
  },
  (t) => [
    index("payouts_status_idx").on(t.status),
    check("payouts_status_check", sql`${t.status} in (${quoted(payoutStatuses)})`),
    check("payouts_miner_fee_check", sql`${t.minerFeeSats} > 0`),
    check(
      "payouts_change_check",
      sql`(${t.changeVout} is null) = (${t.changeSats} is null) and (${t.changeSats} is null or ${t.changeSats} > 0)`,
    ),
  ],
);

export const withdrawalStatuses = [
  // Confirmed by the customer and posted (amount and fee debited): waiting for a payout.
  "queued",
  // In a payout (signed, perhaps broadcast), not yet CONFIRMATIONS deep.
  "sent",
  // Its payout is CONFIRMATIONS deep.
  "completed",
  // Its payout was refused for good: amount and fee went back to the customer.
  "failed",
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** A customer's send to an address outside the bank: one output of a payout. */
export const withdrawals = pgTable(
  "withdrawals",
  {
    /** The customer's history row for it (the send transaction's id). */
    id: uuid("id")
      .primaryKey()
      .references(() => walletTransactions.id),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    address: text("address").notNull(),
    amountSats: bigint("amount_sats", { mode: "bigint" }).notNull(),
    /** The withdrawal fee charged to the customer (WITHDRAWAL_FEE_SAT when it was confirmed). */
    feeSats: bigint("fee_sats", { mode: "bigint" }).notNull(),
    status: text("status", { enum: withdrawalStatuses }).notNull(),
    payoutTxid: text("payout_txid").references(() => payouts.txid),
    payoutVout: integer("payout_vout"),
    createdAt: timestamptz("created_at").notNull(),
    finishedAt: timestamptz("finished_at"),
  },
  (t) => [
    index("withdrawals_status_created_idx").on(t.status, t.createdAt),
    index("withdrawals_payout_idx").on(t.payoutTxid),
    check("withdrawals_status_check", sql`${t.status} in (${quoted(withdrawalStatuses)})`),
    check("withdrawals_amount_check", sql`${t.amountSats} >= 546`),
    check("withdrawals_fee_check", sql`${t.feeSats} >= 0`),
    check("withdrawals_payout_check", sql`(${t.status} = 'queued') = (${t.payoutTxid} is null)`),
  ],
);
