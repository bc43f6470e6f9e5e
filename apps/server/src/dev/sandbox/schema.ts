import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
} from "drizzle-orm/pg-core";
import { timestamptz } from "../../db/schema/columns.js";

// The sandbox node (CHAIN_BACKEND=sandbox, never in production): a regtest-like Bitcoin network kept in
// the database, answering Bitcoin Core's JSON-RPC calls (this folder). Only its own code writes here.

/** The node itself: one row, locked by every change so that changes happen one at a time. */
export const sandboxNode = pgTable(
  "sandbox_node",
  {
    id: smallint("id").primaryKey().default(1),
    /** The faucet's private key (hex): it receives every block's reward and pays `sendtoaddress`. */
    faucetKey: text("faucet_key").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [check("sandbox_node_single_row", sql`${t.id} = 1`)],
);

/** The best chain, one row per height. A reorganisation deletes the replaced blocks. */
export const sandboxBlocks = pgTable("sandbox_blocks", {
  height: integer("height").primaryKey(),
  hash: text("hash").notNull().unique(),
  previousHash: text("previous_hash").notNull(),
  /** The 80-byte block header, hex. */
  header: text("header").notNull(),
  time: timestamptz("time").notNull(),
});

/** Every transaction the node holds: in a block of the best chain, or in the mempool (no height). */
export const sandboxChainTransactions = pgTable(
  "sandbox_transactions",
  {
    txid: text("txid").primaryKey(),
    hex: text("hex").notNull(),
    coinbase: boolean("coinbase").notNull().default(false),
    /** Inputs minus outputs; 0 for a coinbase. */
    feeSats: bigint("fee_sats", { mode: "bigint" }).notNull(),
    blockHeight: integer("block_height").references(() => sandboxBlocks.height),
    /** The transaction's place in its block (0: the coinbase). */
    position: integer("position"),
    receivedAt: timestamptz("received_at").notNull(),
  },
  (t) => [
    index("sandbox_transactions_block_idx").on(t.blockHeight, t.position),
    check("sandbox_transactions_fee_check", sql`${t.feeSats} >= 0`),
  ],
);

/** Every output of those transactions, and which transaction spends it (the UTXO set is the unspent). */
export const sandboxOutputs = pgTable(
  "sandbox_outputs",
  {
    txid: text("txid")
      .notNull()
      .references(() => sandboxChainTransactions.txid, { onDelete: "cascade" }),
    vout: integer("vout").notNull(),
    valueSats: bigint("value_sats", { mode: "bigint" }).notNull(),
    /** The output script, hex. */
    script: text("script").notNull(),
    address: text("address"),
    spentBy: text("spent_by"),
  },
  (t) => [
    primaryKey({ columns: [t.txid, t.vout] }),
    index("sandbox_outputs_address_idx").on(t.address),
    index("sandbox_outputs_spent_by_idx").on(t.spentBy),
    check("sandbox_outputs_value_check", sql`${t.valueSats} >= 0`),
  ],
);
