import { LABEL_MAX_LENGTH } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { timestamptz } from "./columns.js";

// Owned by the wallet module: deposit addresses and the idempotency of sends.

const networkCheck = (column: unknown) => sql`${column} in ('mainnet', 'testnet', 'signet', 'regtest')`;

/**
 * A customer's deposit addresses: BIP84, derived from the bank's wallet at (network, chain, index). The
 * current one is the newest; a payment seen to it makes the next one current.
 */
export const depositAddresses = pgTable(
  "deposit_addresses",
  {
    address: text("address").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    network: text("network").notNull(),
    /** 0: the receive chain. */
    chain: smallint("chain").notNull(),
    chainIndex: integer("chain_index").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    /**
     * When the first payment to it was seen. A used address stays the customer's (and keeps crediting
     * them), but the receive screen then shows a new one.
     */
    usedAt: timestamptz("used_at"),
    /** The customer's own label for the address (receive screen, BIP-329 `addr`). */
    label: text("label"),
  },
  (t) => [
    index("deposit_addresses_user_network_idx").on(t.userId, t.network, t.chainIndex.desc()),
    uniqueIndex("deposit_addresses_derivation_unique").on(t.network, t.chain, t.chainIndex),
    check("deposit_addresses_network_check", networkCheck(t.network)),
    check("deposit_addresses_index_check", sql`${t.chainIndex} >= 0`),
    check("deposit_addresses_label_length", sql`length(${t.label}) <= ${sql.raw(String(LABEL_MAX_LENGTH))}`),
  ],
);

/** The next unused index of each derivation chain: the row lock makes assignments one at a time. */
export const addressChains = pgTable(
  "address_chains",
  {
    network: text("network").notNull(),
    chain: smallint("chain").notNull(),
    nextIndex: integer("next_index").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.network, t.chain] }),
    check("address_chains_network_check", networkCheck(t.network)),
  ],
);

/**
 * A customer's send, by the idempotency key their client made: the same key again answers the same
 * transaction, and a different body under the same key is refused. Written in the send's db transaction.
 */
export const sendRequests = pgTable(
  "send_requests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    idempotencyKey: uuid("idempotency_key").notNull(),
    /** SHA-256 of the request body (recipient, amount, note) as the server understood it. */
    requestHash: text("request_hash").notNull(),
    /** The sender's transaction (a wallet_transactions row): the answer to every repeat. */
    transactionId: uuid("transaction_id").notNull(),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);
