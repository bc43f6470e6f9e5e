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
// to the bank's addresses, and the bank's own coins. (The payouts and withdrawals are in withdrawals.ts.)

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

export const depositResolutions = [
  // The credit is taken back from the customer (what was held, and what they still have).
  "reversed",
  // The bank bears the loss: the customer keeps the credit, the missing coin is written off.
  "absorbed",
] as const;
export type DepositResolution = (typeof depositResolutions)[number];

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
    /**
     * What of a reorganised deposit is held on the customer's account (moved to deposit suspense, not
     * spendable) until it confirms again or staff resolve it: the amount, or less when the customer had
     * already spent some. Null when nothing is held.
     */
    heldSats: bigint("held_sats", { mode: "bigint" }),
    /** How staff resolved a reorganised deposit that did not come back: reversed or absorbed. */
    resolution: text("resolution", { enum: depositResolutions }),
    resolvedAt: timestamptz("resolved_at"),
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
    check("chain_deposits_held_check", sql`${t.heldSats} is null or ${t.heldSats} >= 0`),
    check(
      "chain_deposits_resolution_check",
      sql`${t.resolution} is null or ${t.resolution} in (${quoted(depositResolutions)})`,
    ),
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
  // Missing, and resolved by staff (reversed against the customer or absorbed by the bank): no longer the
  // bank's, so neither the books nor the reserves count it.
  "written_off",
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
