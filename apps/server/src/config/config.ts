import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BRAND_NAME } from "@satsbank/shared";
import { z } from "zod";
import type { DatabaseTarget } from "../db/client.js";
import { type ChainConfig, chainConfig, chainEnvShape, chainSecretVariables } from "./chain.js";
import { type KycConfig, kycConfig, kycEnvShape } from "./kyc.js";
import { type MetricsConfig, metricsConfig, metricsEnvShape, metricsSecretVariables } from "./metrics.js";
import { booleanVariable, httpUrl, isPostgresUrl, isSmtpUrl, oneOf, optional } from "./parsers.js";
import { type ProofConfig, proofConfig, proofEnvShape } from "./proof.js";
import { type StorageConfig, storageConfig, storageEnvShape, storageSecretVariables } from "./storage.js";
import { type VaultConfig, vaultConfig, vaultEnvShape, vaultSecretVariables } from "./vault.js";
import { type WalletConfig, walletConfig, walletEnvShape } from "./wallet.js";
import {
  type WithdrawalPolicyConfig,
  withdrawalPolicyConfig,
  withdrawalPolicyEnvShape,
} from "./withdrawal-policy.js";

/**
 * Every environment variable the server reads, parsed once at start-up. Nothing else reads process.env:
 * code receives the typed Config, tests build one with loadConfig({...}).
 */

export const nodeEnvSchema = z.enum(["development", "test", "production"]);
export const testClockSchema = z.enum(["system", "manual"]);
export const logLevelSchema = z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

export type { StorageConfig };

export type Config = WalletConfig &
  VaultConfig &
  WithdrawalPolicyConfig &
  ChainConfig &
  ProofConfig &
  KycConfig &
  MetricsConfig & {
    port: number;
    host: string;
    dataDir: string;
    database: DatabaseTarget;
    nodeEnv: z.infer<typeof nodeEnvSchema>;
    brandName: string;
    logLevel: z.infer<typeof logLevelSchema>;
    webDistDir: string;
    /**
     * The root of every derived key (TOTP secret encryption, code MACs). Null: the embedded default, a secret
     * generated on first start and kept in `$DATA_DIR/app-secret` (see app-secret.ts); never in production.
     */
    appSecret: string | null;
    /** Null: the dev mailbox (mail kept in the database); never in production. */
    smtpUrl: string | null;
    mailFrom: string;
    /** Where people reach the bank, without a trailing slash: the base of links in emails. */
    publicUrl: string;
    /** A MaxMind-format database (GeoLite2 City or Country) for the login history's locations. */
    geoipDb: string | null;
    /** Trust X-Forwarded-For/-Proto/-Host: only behind a reverse proxy that sets them. */
    trustProxy: boolean;
    /** Serve the OpenAPI document and its UI at /api/docs. */
    apiDocs: boolean;
    /** "manual": tests move the server's time with POST /api/dev/clock; never in production. */
    testClock: z.infer<typeof testClockSchema>;
    /** Where uploaded documents are kept: `createDocumentStorage(config.storage, config.dataDir)`. */
    storage: StorageConfig;
    /**
     * Staff must sign in with an authenticator app or a passkey: without either, every staff endpoint but
     * the header's answers 403 (reason enrolTwoFactor). Not a variable of its own: NODE_ENV=production sets it;
     * elsewhere the dashboard only warns, so the seeded staff account can sign in with an email code.
     */
    staffTwoFactorRequired: boolean;
  };

/** A Config whose APP_SECRET and WALLET_MNEMONIC have been settled: what the app runs with. */
export type AppConfig = Config & { appSecret: string; walletMnemonic: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

// src/config/config.ts and dist/config/config.js both sit two levels below apps/server: one relative path serves both.
const defaultWebDistDir = fileURLToPath(new URL("../../../web/dist", import.meta.url));

export const APP_SECRET_MIN_LENGTH = 32;

const portMessage = "must be an integer between 1 and 65535";

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d+$/, { error: portMessage })
      .transform(Number)
      .pipe(z.number().min(1, { error: portMessage }).max(65535, { error: portMessage })),
  ),
  HOST: optional(z.string().trim().min(1, { error: "must not be blank" })),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(
    z.string().refine(isPostgresUrl, { error: "must be a postgres:// or postgresql:// URL" }),
  ),
  NODE_ENV: optional(z.enum(nodeEnvSchema.options, { error: oneOf(nodeEnvSchema.options) })),
  BRAND_NAME: z
    .string()
    .trim()
    .min(1, { error: "must not be empty" })
    .max(40, { error: "must be at most 40 characters" })
    .optional(),
  LOG_LEVEL: optional(z.enum(logLevelSchema.options, { error: oneOf(logLevelSchema.options) })),
  WEB_DIST_DIR: optional(z.string()),
  APP_SECRET: optional(
    z.string().min(APP_SECRET_MIN_LENGTH, { error: "must be at least 32 characters long" }),
  ),
  SMTP_URL: optional(z.string().refine(isSmtpUrl, { error: "must be an smtp:// or smtps:// URL" })),
  MAIL_FROM: optional(
    z.string().trim().regex(/@/, { error: 'must be an address such as "Bank <no-reply@bank.example>"' }),
  ),
  PUBLIC_URL: optional(httpUrl),
  GEOIP_DB: optional(z.string()),
  TRUST_PROXY: optional(booleanVariable),
  API_DOCS: optional(booleanVariable),
  TEST_CLOCK: optional(z.enum(testClockSchema.options, { error: oneOf(testClockSchema.options) })),
  ...walletEnvShape,
  ...vaultEnvShape,
  ...chainEnvShape,
  ...storageEnvShape,
  ...kycEnvShape,
  ...metricsEnvShape,
  ...proofEnvShape,
  ...withdrawalPolicyEnvShape,
});

// Never echo these back: URLs usually carry a password, and the secret is a secret.
const secretVariables = new Set<string>([
  "DATABASE_URL",
  "SMTP_URL",
  "APP_SECRET",
  "WALLET_MNEMONIC",
  ...vaultSecretVariables,
  ...chainSecretVariables,
  ...storageSecretVariables,
  ...metricsSecretVariables,
]);

function describeIssue(issue: z.core.$ZodIssue, env: NodeJS.ProcessEnv): string {
  const name = String(issue.path[0] ?? "environment");
  const got = secretVariables.has(name) ? "" : ` (got ${JSON.stringify(env[name] ?? "")})`;
  return `${name} ${issue.message}${got}`;
}

// The embedded defaults that production refuses, each with the reason given to the operator.
const productionRequirements = [
  // PGlite runs with one connection and relaxed durability: fine for a demo, never for real money.
  ["DATABASE_URL", "the embedded PGlite database is for development only"],
  ["APP_SECRET", "the secret generated in DATA_DIR is for development only"],
  ["SMTP_URL", "the dev mailbox is for development only"],
  ["PUBLIC_URL", "links in emails must point at the bank's public address"],
  ["WALLET_MNEMONIC", "the wallet seed generated in DATA_DIR is for development only"],
  ["COLD_VAULT_DESCRIPTOR", "the demo vault generated in DATA_DIR keeps its keys beside the server"],
  ["HOT_WALLET_MAX_SATS", "the hot wallet's limit is the bank's risk to set, not a default"],
  ["HOT_WALLET_TARGET_SATS", "the hot wallet's target is the bank's risk to set, not a default"],
  ["CHAIN_BACKEND", "the sandbox chain is for development only: use bitcoind or esplora"],
] as const;

// Only with STORAGE=fs: the documents then live in DATA_DIR, and "./data" beside the code is no volume.
const dataDirRequirement = [
  "DATA_DIR",
  "with STORAGE=fs the uploaded documents live in it, so it must name a persistent volume (or use STORAGE=s3)",
] as const;

/** Parses the environment into a Config, or throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => describeIssue(issue, env)).join("; ");
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const vars = parsed.data;
  const nodeEnv = vars.NODE_ENV ?? "development";

  if (nodeEnv === "production") {
    const requirements =
      vars.STORAGE === "s3" ? productionRequirements : [...productionRequirements, dataDirRequirement];
    const missing = requirements.filter(([name]) => vars[name] === undefined);
    if (missing.length > 0) {
      const details = missing.map(([name, reason]) => `${name} is required in production: ${reason}`);
      throw new ConfigError(`Invalid configuration: ${details.join("; ")}`);
    }
    if (vars.TEST_CLOCK === "manual") {
      throw new ConfigError(
        "Invalid configuration: TEST_CLOCK=manual is for tests only, never in production",
      );
    }
  }

  const wallet = walletConfig(vars);
  if (typeof wallet === "string") throw new ConfigError(`Invalid configuration: ${wallet}`);
  const chain = chainConfig(vars, wallet.bitcoinNetwork, nodeEnv === "production");
  if (typeof chain === "string") throw new ConfigError(`Invalid configuration: ${chain}`);
  const vault = vaultConfig(vars, wallet.bitcoinNetwork);
  if (typeof vault === "string") throw new ConfigError(`Invalid configuration: ${vault}`);
  const storage = storageConfig(vars);
  if (typeof storage === "string") throw new ConfigError(`Invalid configuration: ${storage}`);
  const kyc = kycConfig(vars, nodeEnv === "production");
  if (typeof kyc === "string") throw new ConfigError(`Invalid configuration: ${kyc}`);
  const metrics = metricsConfig(vars, nodeEnv === "production");
  if (typeof metrics === "string") throw new ConfigError(`Invalid configuration: ${metrics}`);
  // The embedded default (PGlite, not production) pays a demo withdrawal at once: no new-address hold.
  const embedded = vars.DATABASE_URL === undefined && nodeEnv !== "production";
  const policy = withdrawalPolicyConfig(vars, embedded);
  if (typeof policy === "string") throw new ConfigError(`Invalid configuration: ${policy}`);

  const dataDir = path.resolve(cwd, vars.DATA_DIR ?? "./data");
  const port = vars.PORT ?? 3000;
  const brandName = vars.BRAND_NAME ?? DEFAULT_BRAND_NAME;
  return {
    port,
    host: vars.HOST ?? "0.0.0.0",
    dataDir,
    database:
      vars.DATABASE_URL === undefined
        ? { kind: "pglite", dataDir: path.join(dataDir, "pg") }
        : { kind: "postgres", url: vars.DATABASE_URL },
    nodeEnv,
    brandName,
    logLevel: vars.LOG_LEVEL ?? "info",
    webDistDir: vars.WEB_DIST_DIR === undefined ? defaultWebDistDir : path.resolve(cwd, vars.WEB_DIST_DIR),
    appSecret: vars.APP_SECRET ?? null,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.MAIL_FROM ?? `${brandName} <no-reply@localhost>`,
    publicUrl: (vars.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    geoipDb: vars.GEOIP_DB === undefined ? null : path.resolve(cwd, vars.GEOIP_DB),
    trustProxy: vars.TRUST_PROXY ?? false,
    apiDocs: vars.API_DOCS ?? false,
    testClock: vars.TEST_CLOCK ?? "system",
    storage,
    staffTwoFactorRequired: nodeEnv === "production",
    ...wallet,
    ...vault,
    ...chain,
    ...kyc,
    ...metrics,
    ...policy,
    ...proofConfig(vars),
  };
}
