import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { timestamptz } from "./columns.js";

/** What a passkey challenge is for: the ceremony that answers it must be of the same purpose. */
export const passkeyChallengePurposes = [
  "registration",
  "signIn",
  "reauthenticate",
  "withdrawal",
  "staffAction",
] as const;
export type PasskeyChallengePurpose = (typeof passkeyChallengePurposes)[number];

/**
 * WebAuthn credentials (passkeys) registered to an account. Owned by the auth module. Only public
 * material: the credential's id and COSE public key; the private key never leaves the authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the authenticator made it: unique across the bank. */
    credentialId: text("credential_id").notNull(),
    /** The COSE-encoded public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen (0 for authenticators that keep none): it may only go up. */
    signCount: bigint("sign_count", { mode: "number" }).notNull().default(0),
    /** The transports the browser reported (usb, nfc, ble, internal, hybrid): hints for allowCredentials. */
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    /** The authenticator's model (AAGUID), "00000000-0000-0000-0000-000000000000" when it does not say. */
    aaguid: text("aaguid").notNull(),
    /** As shown: the model's name when known, else the browser that registered it ("Chrome on Linux"). */
    device: text("device").notNull(),
    /** Backed up (synced between the person's devices), as the authenticator said at registration. */
    synced: boolean("synced").notNull(),
    name: text("name").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    lastUsedAt: timestamptz("last_used_at"),
    /** Set when its signature counter went backwards (a cloned authenticator?): refused from then on. */
    flaggedAt: timestamptz("flagged_at"),
  },
  (t) => [
    uniqueIndex("passkeys_credential_id_unique").on(t.credentialId),
    index("passkeys_user_id_idx").on(t.userId, t.createdAt),
    check("passkeys_sign_count_check", sql`${t.signCount} >= 0`),
  ],
);

/**
 * Challenges the server issued for a ceremony, each good once for PASSKEY_CHALLENGE_MINUTES. A bound
 * challenge (a withdrawal, a staff action) is SHA-256 over the canonical JSON of what it approves and the
 * `nonce`: the server rebuilds it from the request it is about to carry out (docs/decisions/0021-passkeys.md).
 */
export const passkeyChallenges = pgTable(
  "passkey_challenges",
  {
    /** The id the client sends back with its answer. */
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose: null for a sign-in (the credential names the person). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The session that asked (a proof makes that session's proof fresh); null for a sign-in. */
    sessionId: uuid("session_id"),
    purpose: text("purpose", { enum: passkeyChallengePurposes }).notNull(),
    /** The challenge the authenticator signs, base64url. */
    challenge: text("challenge").notNull(),
    /** A bound challenge's single-use server nonce, base64url; null for the others. */
    nonce: text("nonce"),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
  },
  (t) => [
    index("passkey_challenges_user_id_idx").on(t.userId),
    index("passkey_challenges_expires_at_idx").on(t.expiresAt),
    check(
      "passkey_challenges_purpose_check",
      sql`${t.purpose} in ('registration', 'signIn', 'reauthenticate', 'withdrawal', 'staffAction')`,
    ),
    check(
      "passkey_challenges_nonce_check",
      sql`(${t.nonce} is not null) = (${t.purpose} in ('withdrawal', 'staffAction'))`,
    ),
  ],
);
