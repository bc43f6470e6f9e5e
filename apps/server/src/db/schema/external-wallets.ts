import { LABEL_MAX_LENGTH, walletProviderIdSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";

// Owned by the external-wallets module: the challenges a customer signs and the one wallet they connected.

const walletProviderIds = values(walletProviderIdSchema);
/** How a proof was signed (`SignatureFormat`). */
export const proofFormats = ["bip322-simple", "legacy"] as const;

/**
 * A message to sign for one customer and one address: good once, until `expires_at`, for at most a few
 * attempts. One per customer: asking again replaces it, so an older message stops working.
 */
export const externalWalletChallenges = pgTable(
  "external_wallet_challenges",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .unique("external_wallet_challenges_user_id_unique")
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: walletProviderIds }).notNull(),
    address: text("address").notNull(),
    /** The whole text to sign, nonce and expiry in it, exactly as it was given to the customer. */
    message: text("message").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [
    check("external_wallet_challenges_provider_check", sql`${t.provider} in (${quoted(walletProviderIds)})`),
  ],
);

/** The customer's connected wallet, with its proof of ownership: one per customer (connecting replaces it). */
export const externalWallets = pgTable(
  "external_wallets",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: walletProviderIds }).notNull(),
    address: text("address").notNull(),
    /** The proof: the challenge's message and the signature that verified. */
    message: text("message").notNull(),
    signature: text("signature").notNull(),
    proofFormat: text("proof_format", { enum: proofFormats }).notNull(),
    connectedAt: timestamptz("connected_at").notNull(),
    /** The customer's own label for the connected wallet's address (BIP-329 `addr`). */
    label: text("label"),
  },
  (t) => [
    check("external_wallets_provider_check", sql`${t.provider} in (${quoted(walletProviderIds)})`),
    check("external_wallets_proof_format_check", sql`${t.proofFormat} in (${quoted(proofFormats)})`),
    check("external_wallets_label_length", sql`length(${t.label}) <= ${sql.raw(String(LABEL_MAX_LENGTH))}`),
  ],
);
