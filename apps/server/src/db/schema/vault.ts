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
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz } from "./columns.js";

// Owned by the vault module (issue 19): the cold vault's addresses, its coins, and the refills that move
// coins from the vault to the hot wallet (PSBTs signed offline by two of the three key holders). The server
// holds no key of the vault; it derives its addresses from the descriptor's public keys.

/**
 * The vault's addresses the bank has used (a sweep's destination, a refill's change), by derivation. `vault`
 * is the descriptor's checksum: a new descriptor (keys rotated) is a new vault with addresses of its own.
 */
export const vaultAddresses = pgTable(
  "vault_addresses",
  {
    address: text("address").primaryKey(),
    vault: text("vault").notNull(),
    /** 0 receive (sweeps), 1 change (refills' change). */
    chain: smallint("chain").notNull(),
    chainIndex: integer("chain_index").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [unique("vault_addresses_derivation_unique").on(t.vault, t.chain, t.chainIndex)],
);

export const vaultCoinStatuses = [
  // On its way: the bank's sweep to the vault is broadcast, not yet CONFIRMATIONS deep (reserves count it).
  "incoming",
  // Confirmed in the vault, free for a refill.
  "available",
  // Taken by a refill that is not broadcast or not yet confirmed.
  "locked",
  // Spent by a confirmed refill.
  "spent",
  // Its block left the best chain: not counted until it is back.
  "missing",
] as const;
export type VaultCoinStatus = (typeof vaultCoinStatuses)[number];

/** The vault's coins: sweeps' outputs and refills' change. */
export const vaultCoins = pgTable(
  "vault_coins",
  {
    txid: text("txid").notNull(),
    vout: integer("vout").notNull(),
    valueSats: bigint("value_sats", { mode: "bigint" }).notNull(),
    address: text("address").notNull(),
    vault: text("vault").notNull(),
    chain: smallint("chain").notNull(),
    chainIndex: integer("chain_index").notNull(),
    status: text("status", { enum: vaultCoinStatuses }).notNull(),
    /** The refill spending it (locked, then spent); null while it is free. */
    spentBy: uuid("spent_by"),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.txid, t.vout] }),
    index("vault_coins_status_idx").on(t.status, t.valueSats),
    index("vault_coins_spent_by_idx").on(t.spentBy),
    check("vault_coins_status_check", sql`${t.status} in (${quoted(vaultCoinStatuses)})`),
    check("vault_coins_value_check", sql`${t.valueSats} > 0`),
  ],
);

export const vaultRefillStatuses = [
  // The unsigned PSBT is made, its coins locked: key holders sign it offline; staff upload what they sign.
  "awaiting_signatures",
  // Two valid signatures on every input: finalised and handed to the chain backend.
  "broadcast",
  // CONFIRMATIONS deep: the vault's coins spent, the hot wallet's new coin available, the ledger moved.
  "confirmed",
  // Cancelled by staff before it was broadcast: its coins are free again.
  "cancelled",
  // Refused for good by the network: its coins are free again.
  "failed",
] as const;
export type VaultRefillStatus = (typeof vaultRefillStatuses)[number];

/**
 * A refill: coins from the vault to the hot wallet, as a PSBT (BIP-174) two key holders sign offline. The
 * txid is fixed when the PSBT is made (P2WSH inputs: signatures are witness data), so a PSBT whose inputs or
 * outputs changed is recognised by its txid alone.
 */
export const vaultRefills = pgTable(
  "vault_refills",
  {
    id: uuid("id").primaryKey(),
    vault: text("vault").notNull(),
    status: text("status", { enum: vaultRefillStatuses }).notNull(),
    /** What reaches the hot wallet. */
    amountSats: bigint("amount_sats", { mode: "bigint" }).notNull(),
    minerFeeSats: bigint("miner_fee_sats", { mode: "bigint" }).notNull(),
    reason: text("reason").notNull(),
    txid: text("txid").notNull().unique(),
    /** The PSBT as made (base64): what the key holders download. */
    unsignedPsbt: text("unsigned_psbt").notNull(),
    /** The PSBT with every valid vault signature uploaded so far (base64). */
    signedPsbt: text("signed_psbt"),
    /** The final transaction (hex), once two signatures per input made it complete. */
    hex: text("hex"),
    /** The hot wallet's address it pays (BIP84 change chain) and its index. */
    hotAddress: text("hot_address").notNull(),
    hotIndex: integer("hot_index").notNull(),
    hotVout: integer("hot_vout").notNull(),
    /** The vault's change, if any. */
    changeVout: integer("change_vout"),
    changeSats: bigint("change_sats", { mode: "bigint" }),
    changeAddress: text("change_address"),
    changeIndex: integer("change_index"),
    blockHeight: integer("block_height"),
    failure: text("failure"),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamptz("created_at").notNull(),
    broadcastAt: timestamptz("broadcast_at"),
    confirmedAt: timestamptz("confirmed_at"),
  },
  (t) => [
    index("vault_refills_status_created_idx").on(t.status, t.createdAt),
    check("vault_refills_status_check", sql`${t.status} in (${quoted(vaultRefillStatuses)})`),
    // Dust limits (bitcoin/dust.ts): the hot wallet's output is a P2WPKH (294 sat), the change a P2WSH (330).
    check("vault_refills_amount_check", sql`${t.amountSats} >= 294`),
    check("vault_refills_fee_check", sql`${t.minerFeeSats} > 0`),
    check(
      "vault_refills_change_check",
      sql`(${t.changeVout} is null) = (${t.changeSats} is null) and (${t.changeSats} is null or ${t.changeSats} >= 330)`,
    ),
  ],
);
