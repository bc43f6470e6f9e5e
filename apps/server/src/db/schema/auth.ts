import {
  accountTypeSchema,
  loginEventKindSchema,
  loginStatusSchema,
  roleSchema,
  secondFactorMethodSchema,
  signInMethodSchema,
  suspicionReasonSchema,
} from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { userStatuses } from "../../domain/user.js";
import { quoted, timestamptz, values } from "./columns.js";

/** People who sign in: customers and staff. Owned by the auth module. */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Trimmed and lower-case (a check enforces it); unique case-insensitively. */
    email: text("email").notNull(),
    username: text("username").notNull(),
    name: text("name").notNull(),
    phone: text("phone"),
    /** argon2id, PHC string. */
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: values(roleSchema) })
      .notNull()
      .default("customer"),
    accountType: text("account_type", { enum: values(accountTypeSchema) })
      .notNull()
      .default("personal"),
    status: text("status", { enum: userStatuses }).notNull().default("active"),
    /** The authenticator (TOTP) secret, AES-256-GCM encrypted; null while two-factor is off. */
    totpSecret: text("totp_secret"),
    /** A secret shown for enrolment and not yet confirmed with a code, encrypted the same way. */
    totpPendingSecret: text("totp_pending_secret"),
    /** The last TOTP time step used: a code is good once. */
    totpLastStep: integer("totp_last_step"),
    /** When the owner of the address opened the verification link; null until then. Sending needs it. */
    emailVerifiedAt: timestamptz("email_verified_at"),
    /** A withdrawal needs the approval of one of the person's passkeys (has effect once one exists). */
    approveWithdrawalsWithPasskey: boolean("approve_withdrawals_with_passkey").notNull().default(true),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(t.username),
    // Banking Customers: the search (ILIKE '%text%') on name, email and username, and each sort of the
    // customers' table (ties broken by id). Balance and KYC status come from other tables: see
    // modules/admin/queries.ts.
    index("users_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("users_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("users_username_trgm_idx").using("gin", t.username.op("gin_trgm_ops")),
    index("users_customers_name_idx").on(sql`lower(${t.name})`, t.id).where(sql`${t.role} = 'customer'`),
    index("users_customers_email_idx").on(t.email, t.id).where(sql`${t.role} = 'customer'`),
    index("users_customers_created_idx").on(t.createdAt, t.id).where(sql`${t.role} = 'customer'`),
    index("users_customers_account_type_idx").on(t.accountType, t.id).where(sql`${t.role} = 'customer'`),
    index("users_customers_status_idx").on(t.status, t.id).where(sql`${t.role} = 'customer'`),
    check("users_email_normalised", sql`${t.email} = lower(btrim(${t.email}))`),
    // The username rule of packages/shared/src/username.ts, so no code path can store another.
    check(
      "users_username_format",
      sql`${t.username} ~ '^[a-z][a-z0-9]{2,19}$' and ${t.username} !~ '^(bc1|tb1|bcrt1)'`,
    ),
    check("users_role_check", sql`${t.role} in ('customer', 'admin')`),
    check("users_account_type_check", sql`${t.accountType} in ('personal', 'business')`),
    check("users_status_check", sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** Signed-in browsers. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    remember: boolean("remember").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    /**
     * When its holder last proved who they are: the sign-in, then each fresh proof (a passkey, or the
     * password and the second step). A change to how the person signs in needs it within FRESH_PROOF_MINUTES.
     */
    provedAt: timestamptz("proved_at"),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_unique").on(t.tokenHash),
    index("sessions_user_id_idx").on(t.userId),
  ],
);

/** A sign-in whose password was right and whose second step is pending. */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 of the random challenge id the client holds. */
    idHash: text("id_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: values(secondFactorMethodSchema) }).notNull(),
    /**
     * What the second step opens: a sign-in (a session) or a signed-in person's fresh proof (the session
     * that asked proves again). A challenge answers only its own purpose.
     */
    purpose: text("purpose", { enum: ["signIn", "reauthenticate"] })
      .notNull()
      .default("signIn"),
    /** HMAC of the emailed code (method "email"); null for "totp". */
    codeMac: text("code_mac"),
    remember: boolean("remember").notNull(),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    consumedAt: timestamptz("consumed_at"),
  },
  (t) => [
    uniqueIndex("login_challenges_id_hash_unique").on(t.idHash),
    // One challenge per account: a new sign-in replaces the open one, so an older code stops working.
    uniqueIndex("login_challenges_user_id_unique").on(t.userId),
    check("login_challenges_method_check", sql`${t.method} in ('email', 'totp')`),
    check("login_challenges_purpose_check", sql`${t.purpose} in ('signIn', 'reauthenticate')`),
  ],
);

/** Single-use password reset links; only the token's SHA-256 is stored. */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_token_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_id_idx").on(t.userId),
  ],
);

/** Single-use email verification links; only the token's SHA-256 is stored. */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The address the link was mailed to: it verifies that address only. */
    email: text("email").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    usedAt: timestamptz("used_at"),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_token_hash_unique").on(t.tokenHash),
    index("email_verification_tokens_user_id_idx").on(t.userId),
  ],
);

/** Sign-in attempts of existing accounts: the login history. */
export const loginEvents = pgTable(
  "login_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: values(loginStatusSchema) }).notNull(),
    ipAddress: text("ip_address").notNull(),
    userAgent: text("user_agent"),
    /** As shown: "Chrome 156 on Linux". */
    device: text("device").notNull(),
    /** Browser and OS without versions: what "a device the account used before" compares. */
    deviceKey: text("device_key").notNull(),
    /** As shown, looked up when the attempt happened: "Local network", "Berlin, Germany", "Unknown". */
    location: text("location").notNull(),
    /** Why a suspicious sign-in is one ("newDevice", "newLocation", "afterFailures"); empty otherwise. */
    reasons: text("reasons", { enum: values(suspicionReasonSchema) })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A sign-in, or a change to the account's passkeys (issue 22). */
    kind: text("kind", { enum: values(loginEventKindSchema) })
      .notNull()
      .default("signIn"),
    /** A sign-in's method: password (and a code), recovery code, passkey; null before methods were. */
    method: text("method", { enum: values(signInMethodSchema) }),
    /** A passkey change: the passkey's name at the change. */
    passkeyName: text("passkey_name"),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    index("login_events_user_created_idx").on(t.userId, t.createdAt),
    check("login_events_status_check", sql`${t.status} in ('success', 'failed', 'suspicious')`),
    check(
      "login_events_reasons_check",
      // Only a suspicious sign-in has reasons (those recorded before reasons were have none).
      sql`${t.reasons} <@ array[${quoted(values(suspicionReasonSchema))}]::text[] and (${t.status} = 'suspicious' or cardinality(${t.reasons}) = 0)`,
    ),
    check("login_events_kind_check", sql`${t.kind} in (${quoted(values(loginEventKindSchema))})`),
    check(
      "login_events_method_check",
      sql`${t.method} is null or (${t.kind} = 'signIn' and ${t.method} in (${quoted(values(signInMethodSchema))}))`,
    ),
  ],
);

/**
 * Recovery codes: the way in when the authenticator app is lost. Ten per account, made when two-factor
 * authentication is turned on (and again on request), shown once; each works once. Only an HMAC of each
 * is kept, keyed by a secret the database does not hold.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** HMAC-SHA256 of the normalised code and the account's id, hex. */
    codeMac: text("code_mac").notNull(),
    createdAt: timestamptz("created_at").notNull(),
    /** When it signed in: used up. */
    usedAt: timestamptz("used_at"),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_unique").on(t.userId, t.codeMac)],
);

/**
 * Sessions ended for a reason the browser should hear (a deactivation): the token's hash, kept until the
 * session would have expired, so a request with that cookie is answered with the reason instead of a bare
 * "sign in". Never a live session.
 */
export const endedSessions = pgTable(
  "ended_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["accountInactive"] }).notNull(),
    endedAt: timestamptz("ended_at").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    index("ended_sessions_user_id_idx").on(t.userId),
    check("ended_sessions_reason_check", sql`${t.reason} in ('accountInactive')`),
  ],
);
