import { reservesStatuses } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { quoted, timestamptz } from "./columns.js";

// Owned by the proof module (proof of reserves, issue 23): each epoch's signed root, its leaves (one per
// customer account, plus padding) and the tree's nodes above the leaves, so that a customer's path is a few
// indexed reads. Byte strings are lower-case hex, except the leaves' salts and the nodes' hashes: a million
// of each per epoch, stored as 32-byte bytea (half the size, no pattern to check on every row; read back
// as hex). Amounts are satoshis. Written once per epoch, never changed.

const hex = (column: unknown, bytes: number) => sql`${column} ~ ${sql.raw(`'^[0-9a-f]{${bytes * 2}}$'`)}`;
const byteLength = (column: unknown, bytes: number) =>
  sql`octet_length(${column}) = ${sql.raw(String(bytes))}`;
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** One epoch: what the bank signed of it (docs/proof-of-reserves.md, "The signed root"). */
export const proofEpochs = pgTable(
  "proof_epochs",
  {
    epoch: bigserial("epoch", { mode: "number" }).primaryKey(),
    rootHash: text("root_hash").notNull(),
    /** The root's sum: every customer balance in the tree. */
    total: bigint("total", { mode: "bigint" }).notNull(),
    /** Customers in the tree (padding leaves not counted). */
    leafCount: integer("leaf_count").notNull(),
    /** The highest ledger transfer id the snapshot saw (0 before the first transfer). */
    ledgerPosition: bigint("ledger_position", { mode: "bigint" }).notNull(),
    blockHeight: integer("block_height").notNull(),
    blockHash: text("block_hash").notNull(),
    /** When the balances were frozen (the signed time is its seconds). */
    time: timestamptz("time").notNull(),
    /** Levels between a leaf and the root. */
    depth: integer("depth").notNull(),
    /** The BIP-340 key that signed the root (x-only), and its signature of the root message. */
    publicKey: text("public_key").notNull(),
    signature: text("signature").notNull(),
    builtAt: timestamptz("built_at").notNull(),
  },
  (t) => [
    check("proof_epochs_root_hash_hex", hex(t.rootHash, 32)),
    check("proof_epochs_block_hash_hex", hex(t.blockHash, 32)),
    check("proof_epochs_public_key_hex", hex(t.publicKey, 32)),
    check("proof_epochs_signature_hex", hex(t.signature, 64)),
    check("proof_epochs_total_not_negative", sql`${t.total} >= 0`),
    check("proof_epochs_counts", sql`${t.leafCount} >= 0 and ${t.depth} >= 0 and ${t.depth} <= 40`),
  ],
);

// The tree's tables (leaves, nodes, accounts) hold no foreign key to proof_epochs, on purpose: they are
// written only with their epoch, in its db transaction (queries.ts, insertTree), never changed, and an
// epoch is never removed; a foreign key's check of each of a million rows cost a build seconds.

/**
 * The tree's leaves, by position (0 is the leftmost); padding leaves have account id 0 and balance 0. A
 * customer's leaf is found through proof_accounts: an index by account here would take each of a million
 * leaves at a random place (the leaves are in random order), seconds of an epoch's build.
 */
export const proofLeaves = pgTable(
  "proof_leaves",
  {
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    position: integer("position").notNull(),
    /** The customer's ledger account id; 0 for a padding leaf. */
    accountId: bigint("account_id", { mode: "number" }).notNull(),
    salt: bytea("salt").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.epoch, t.position] }),
    check("proof_leaves_salt_bytes", byteLength(t.salt, 32)),
    check("proof_leaves_balance_not_negative", sql`${t.balance} >= 0`),
  ],
);

/** The tree's nodes above the leaves: level 1 is the leaves' parents, the root is at the epoch's depth. */
export const proofNodes = pgTable(
  "proof_nodes",
  {
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    level: integer("level").notNull(),
    position: integer("position").notNull(),
    hash: bytea("hash").notNull(),
    sum: bigint("sum", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.epoch, t.level, t.position] }),
    check("proof_nodes_hash_bytes", byteLength(t.hash, 32)),
    check("proof_nodes_sum_not_negative", sql`${t.sum} >= 0`),
  ],
);

/**
 * Where each customer's leaf is: the epoch's customer accounts in ascending order, up to 128 a row, each
 * row with its first account id, its account ids and their leaves' positions (the same order). A lookup is
 * one row by the primary key, then the account's place in it; a build writes about 7,800 rows per million.
 */
export const proofAccounts = pgTable(
  "proof_accounts",
  {
    epoch: bigint("epoch", { mode: "number" }).notNull(),
    firstAccountId: bigint("first_account_id", { mode: "number" }).notNull(),
    accountIds: bigint("account_ids", { mode: "number" }).array().notNull(),
    positions: integer("positions").array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.epoch, t.firstAccountId] }),
    check(
      "proof_accounts_shape",
      sql`${t.accountIds}[1] = ${t.firstAccountId} and cardinality(${t.accountIds}) = cardinality(${t.positions})`,
    ),
  ],
);

/** A vault coin's input in a reserves proof: where in the PSBT, and which key of the vault's it pays. */
export type ReservesVaultInput = { input: number; chain: "receive" | "change"; index: number };

/**
 * Each epoch's reserves proof (docs/proof-of-reserves.md, "The reserves proof"): the BIP-127 PSBT over
 * every coin the chain showed unspent at the epoch's block, the hot wallet's signed at once, the vault's as
 * the key holders bring their signatures (awaiting_signatures until two keys signed each), then covered or
 * failing against the epoch's liabilities. Changed only to add the vault's signatures.
 */
export const proofReserves = pgTable(
  "proof_reserves",
  {
    epoch: bigint("epoch", { mode: "number" })
      .primaryKey()
      .references(() => proofEpochs.epoch),
    status: text("status", { enum: reservesStatuses }).notNull(),
    /** What input 0 commits to: `<bank name> epoch <n> liabilities root <hex>`. */
    message: text("message").notNull(),
    /** The coins' sum, as the chain showed them. */
    total: bigint("total", { mode: "bigint" }).notNull(),
    coinCount: integer("coin_count").notNull(),
    /** The PSBT (base64) as published: with every signature gathered so far. */
    psbt: text("psbt").notNull(),
    /** The vault whose coins it spends (its descriptor's checksum), and where they are among the inputs. */
    vault: text("vault"),
    vaultInputs: jsonb("vault_inputs").$type<ReservesVaultInput[]>().notNull(),
    createdAt: timestamptz("created_at").notNull(),
    /** When the last signature came (or at once, without vault coins); null while it awaits them. */
    completedAt: timestamptz("completed_at"),
  },
  (t) => [
    check("proof_reserves_status_check", sql`${t.status} in (${quoted(reservesStatuses)})`),
    check("proof_reserves_total_not_negative", sql`${t.total} >= 0 and ${t.coinCount} >= 0`),
    check(
      "proof_reserves_completed",
      sql`(${t.status} = 'awaiting_signatures') = (${t.completedAt} is null)`,
    ),
  ],
);
