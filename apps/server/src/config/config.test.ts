import path from "node:path";
import { describe, expect, it } from "vitest";
import { holderDescriptor } from "../bitcoin/vault/fixtures/vault-keys.js";
import { ConfigError, loadConfig } from "./config.js";

const cwd = "/srv/satsbank";
const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
// The custody variables production requires (issue 19), on regtest.
const CUSTODY = {
  COLD_VAULT_DESCRIPTOR: holderDescriptor("regtest"),
  HOT_WALLET_MAX_SATS: "20000000",
  HOT_WALLET_TARGET_SATS: "8000000",
};

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("starts with the embedded defaults when nothing is set", () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "/srv/satsbank/data",
      database: { kind: "pglite", dataDir: "/srv/satsbank/data/pg" },
      nodeEnv: "development",
      brandName: "Satsbank",
      logLevel: "info",
      appSecret: null,
      smtpUrl: null,
      mailFrom: "Satsbank <no-reply@localhost>",
      publicUrl: "http://localhost:3000",
      geoipDb: null,
      trustProxy: false,
      apiDocs: false,
      testClock: "system",
      walletMnemonic: null,
      bitcoinNetwork: "regtest",
      coldVault: null,
      hotWalletMaxSats: 10_000_000n,
      hotWalletTargetSats: 5_000_000n,
      withdrawalFeeSats: 1000n,
      price: { source: "fixed", usdPerBtc: "42389.57" },
      storage: { kind: "fs" },
    });
    // The web workspace's build output, wherever this file sits in the server.
    expect(config.webDistDir).toBe(path.resolve(import.meta.dirname, "../../../web/dist"));
    expect(config.webDistDir.endsWith(path.join("apps", "web", "dist"))).toBe(true);
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        HOST: "127.0.0.1",
        DATA_DIR: "/var/lib/satsbank",
        DATABASE_URL: "postgresql://bank:pw@db:5432/bank",
        NODE_ENV: "production",
        BRAND_NAME: "  Acme Bank  ",
        LOG_LEVEL: "warn",
        WEB_DIST_DIR: "public",
        APP_SECRET: "s".repeat(32),
        SMTP_URL: "smtps://mailer:pw@smtp.example.com:465",
        MAIL_FROM: "Acme Bank <hello@acme.example>",
        PUBLIC_URL: "https://bank.acme.example/",
        GEOIP_DB: "geo/GeoLite2-City.mmdb",
        TRUST_PROXY: "true",
        API_DOCS: "true",
        WALLET_MNEMONIC: `  ${MNEMONIC.replaceAll(" ", "   ")}  `,
        BITCOIN_NETWORK: "mainnet",
        COLD_VAULT_DESCRIPTOR: ` ${holderDescriptor("mainnet")}\n`,
        HOT_WALLET_MAX_SATS: "50000000",
        HOT_WALLET_TARGET_SATS: "20000000",
        WITHDRAWAL_FEE_SAT: "2500",
        PRICE_SOURCE: "http",
        PRICE_URL: "https://api.example.com/v2/prices/BTC-USD/spot",
        PRICE_CACHE_SECONDS: "30",
        CHAIN_BACKEND: "esplora",
        ESPLORA_URL: "https://esplora.internal/api/",
        CONFIRMATIONS: "6",
        CHAIN_POLL_SECONDS: "10",
        SERVER_ROLE: "api",
        PROOF_EPOCH_TIME: "02:30",
        STORAGE: "s3",
        S3_ENDPOINT: "https://minio.internal:9000/",
        S3_BUCKET: "satsbank-kyc",
        S3_REGION: "eu-central-1",
        S3_ACCESS_KEY_ID: "AKIASATSBANK",
        S3_SECRET_ACCESS_KEY: "s3-secret",
        S3_FORCE_PATH_STYLE: "true",
        KYC_REVIEW: "auto",
        SEND_LIMIT_LEVEL_1_SAT: "5000000",
        SEND_LIMIT_LEVEL_2_SAT: "100000000",
        METRICS: "true",
        METRICS_TOKEN: "m".repeat(32),
        NEW_ADDRESS_HOLD_HOURS: "48",
        WITHDRAWAL_REVIEW_SATS: "5000000",
        WITHDRAWAL_DUAL_APPROVAL_SATS: "50000000",
        WITHDRAWALS_PER_HOUR_REVIEW: "3",
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/satsbank",
      database: { kind: "postgres", url: "postgresql://bank:pw@db:5432/bank" },
      nodeEnv: "production",
      brandName: "Acme Bank",
      logLevel: "warn",
      webDistDir: "/srv/satsbank/public",
      appSecret: "s".repeat(32),
      smtpUrl: "smtps://mailer:pw@smtp.example.com:465",
      mailFrom: "Acme Bank <hello@acme.example>",
      publicUrl: "https://bank.acme.example",
      geoipDb: "/srv/satsbank/geo/GeoLite2-City.mmdb",
      trustProxy: true,
      apiDocs: true,
      testClock: "system",
      walletMnemonic: MNEMONIC,
      bitcoinNetwork: "mainnet",
      coldVault: expect.objectContaining({ descriptor: holderDescriptor("mainnet"), network: "mainnet" }),
      hotWalletMaxSats: 50_000_000n,
      hotWalletTargetSats: 20_000_000n,
      withdrawalFeeSats: 2500n,
      price: { source: "http", url: "https://api.example.com/v2/prices/BTC-USD/spot", cacheSeconds: 30 },
      chainBackend: { kind: "esplora", url: "https://esplora.internal/api" },
      confirmations: 6,
      chainPollSeconds: 10,
      serverRole: "api",
      proofEpochMinute: 150,
      storage: {
        kind: "s3",
        endpoint: "https://minio.internal:9000",
        bucket: "satsbank-kyc",
        region: "eu-central-1",
        accessKeyId: "AKIASATSBANK",
        secretAccessKey: "s3-secret",
        forcePathStyle: true,
      },
      kycReview: "auto",
      sendLimits: { level1: 5_000_000n, level2: 100_000_000n },
      metrics: { enabled: true, token: "m".repeat(32) },
      withdrawalPolicy: {
        newAddressHoldMs: 48 * 3_600_000,
        reviewSats: 5_000_000n,
        dualApprovalSats: 50_000_000n,
        perHourReview: 3,
      },
      staffTwoFactorRequired: true,
    });
  });

  it("holds a first withdrawal to a new address 24 hours by default, and none on the embedded default", () => {
    expect(loadConfig({}, cwd).withdrawalPolicy).toEqual({
      newAddressHoldMs: 0,
      reviewSats: 10_000_000n,
      dualApprovalSats: 100_000_000n,
      perHourReview: 5,
    });
    const onPostgres = loadConfig({ DATABASE_URL: "postgresql://bank:pw@db:5432/bank" }, cwd);
    expect(onPostgres.withdrawalPolicy.newAddressHoldMs).toBe(24 * 3_600_000);
    expect(loadConfig({ NEW_ADDRESS_HOLD_HOURS: "2" }, cwd).withdrawalPolicy.newAddressHoldMs).toBe(
      7_200_000,
    );
  });

  it("refuses a dual-approval amount below the single-approval one, and amounts that are not whole satoshis", () => {
    expect(() =>
      loadConfig({ WITHDRAWAL_REVIEW_SATS: "200", WITHDRAWAL_DUAL_APPROVAL_SATS: "100" }, cwd),
    ).toThrow("WITHDRAWAL_DUAL_APPROVAL_SATS (100) must be at least WITHDRAWAL_REVIEW_SATS (200)");
    expect(() => loadConfig({ WITHDRAWAL_REVIEW_SATS: "0.5" }, cwd)).toThrow(
      'WITHDRAWAL_REVIEW_SATS must be a whole number of satoshis above 0 (got "0.5")',
    );
    expect(() => loadConfig({ NEW_ADDRESS_HOLD_HOURS: "-1" }, cwd)).toThrow("NEW_ADDRESS_HOLD_HOURS");
  });

  it("asks staff for an authenticator app in production only", () => {
    expect(loadConfig({}).staffTwoFactorRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: "test" }).staffTwoFactorRequired).toBe(false);
  });

  it("reviews KYC automatically by default, by hand in production, with 0.1 and 2 BTC daily limits", () => {
    expect(loadConfig({})).toMatchObject({
      kycReview: "auto",
      sendLimits: { level1: 10_000_000n, level2: 200_000_000n },
    });
    expect(() => loadConfig({ SEND_LIMIT_LEVEL_1_SAT: "2000", SEND_LIMIT_LEVEL_2_SAT: "1000" })).toThrow(
      "SEND_LIMIT_LEVEL_2_SAT must be at least SEND_LIMIT_LEVEL_1_SAT",
    );
    expect(() => loadConfig({ KYC_REVIEW: "sometimes" })).toThrow("KYC_REVIEW must be one of");
    expect(() => loadConfig({ SEND_LIMIT_LEVEL_1_SAT: "0.5" })).toThrow(
      "SEND_LIMIT_LEVEL_1_SAT must be a whole number of satoshis",
    );
  });

  it("defaults to the sandbox chain on regtest: a block a minute, 1 confirmation, API and worker in one", () => {
    expect(loadConfig({}, cwd)).toMatchObject({
      chainBackend: { kind: "sandbox", blockSeconds: 60 },
      confirmations: 1,
      chainPollSeconds: 5,
      serverRole: "all",
    });
    expect(loadConfig({ SANDBOX_BLOCK_SECONDS: "0" }, cwd).chainBackend).toEqual({
      kind: "sandbox",
      blockSeconds: 0,
    });
    const testnet = { BITCOIN_NETWORK: "testnet", CHAIN_BACKEND: "esplora", ESPLORA_URL: "http://e.local" };
    expect(loadConfig(testnet, cwd).confirmations).toBe(3);
  });

  it("reads a bitcoind backend with a password or a cookie file, never both", () => {
    const bitcoind = { CHAIN_BACKEND: "bitcoind", BITCOIND_RPC_URL: "http://127.0.0.1:18443" };
    expect(
      loadConfig({ ...bitcoind, BITCOIND_RPC_COOKIE_FILE: "/var/lib/bitcoind/regtest/.cookie" }, cwd)
        .chainBackend,
    ).toEqual({
      kind: "bitcoind",
      url: "http://127.0.0.1:18443",
      username: null,
      password: null,
      cookieFile: "/var/lib/bitcoind/regtest/.cookie",
    });
    expect(configError({ ...bitcoind, BITCOIND_RPC_USER: "bank", BITCOIND_RPC_COOKIE_FILE: "/c" })).toBe(
      "Invalid configuration: BITCOIND_RPC_USER and BITCOIND_RPC_PASSWORD, or BITCOIND_RPC_COOKIE_FILE: not both",
    );
    expect(configError({ CHAIN_BACKEND: "bitcoind" })).toBe(
      "Invalid configuration: BITCOIND_RPC_URL is required when CHAIN_BACKEND=bitcoind",
    );
    expect(configError({ CHAIN_BACKEND: "esplora" })).toBe(
      "Invalid configuration: ESPLORA_URL is required when CHAIN_BACKEND=esplora",
    );
  });

  it("refuses the sandbox chain off regtest, and never echoes an RPC URL", () => {
    expect(configError({ BITCOIN_NETWORK: "mainnet" })).toBe(
      "Invalid configuration: CHAIN_BACKEND=sandbox needs BITCOIN_NETWORK=regtest (got mainnet)",
    );
    const message = configError({ CHAIN_BACKEND: "bitcoind", BITCOIND_RPC_URL: "ftp://user:secret@node" });
    expect(message).toBe("Invalid configuration: BITCOIND_RPC_URL must be an http:// or https:// URL");
    expect(configError({ SERVER_ROLE: "cron" })).toBe(
      'Invalid configuration: SERVER_ROLE must be one of all, api, worker (got "cron")',
    );
  });

  it("derives the mail sender and the public address from the brand and the port", () => {
    expect(loadConfig({ BRAND_NAME: "Acme Bank", PORT: "8080" }, cwd)).toMatchObject({
      mailFrom: "Acme Bank <no-reply@localhost>",
      publicUrl: "http://localhost:8080",
    });
  });

  it("reads TRUST_PROXY and API_DOCS as booleans", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }, cwd).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "false" }, cwd).trustProxy).toBe(false);
    expect(loadConfig({ API_DOCS: "1" }, cwd).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: "0" }, cwd).apiDocs).toBe(false);
    expect(loadConfig({ TEST_CLOCK: "manual", NODE_ENV: "test" }, cwd).testClock).toBe("manual");
    expect(() => loadConfig({ TEST_CLOCK: "fake" }, cwd)).toThrow(
      'TEST_CLOCK must be one of system, manual (got "fake")',
    );
  });

  it("resolves a relative DATA_DIR against the working directory", () => {
    expect(loadConfig({ DATA_DIR: "../state" }, cwd).dataDir).toBe("/srv/state");
    expect(loadConfig({ DATA_DIR: "./data" }, "/tmp/x").database).toEqual({
      kind: "pglite",
      dataDir: "/tmp/x/data/pg",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig({ PORT: "", LOG_LEVEL: "" }, cwd)).toMatchObject({ port: 3000, logLevel: "info" });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "abc")'],
    [{ PORT: "0" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "0")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "70000")'],
    [{ PORT: "30.5" }, 'Invalid configuration: PORT must be an integer between 1 and 65535 (got "30.5")'],
    [
      { NODE_ENV: "staging" },
      'Invalid configuration: NODE_ENV must be one of development, test, production (got "staging")',
    ],
    [{ BRAND_NAME: "" }, 'Invalid configuration: BRAND_NAME must not be empty (got "")'],
    [{ BRAND_NAME: "x".repeat(41) }, "Invalid configuration: BRAND_NAME must be at most 40 characters"],
    [
      { LOG_LEVEL: "loud" },
      "Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
    ],
    [
      { DATABASE_URL: "mysql://root:hunter2@db/bank" },
      "Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL",
    ],
    [{ APP_SECRET: "too-short" }, "Invalid configuration: APP_SECRET must be at least 32 characters long"],
    [{ SMTP_URL: "http://mail" }, "Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ PUBLIC_URL: "bank.example" }, "Invalid configuration: PUBLIC_URL must be an http:// or https:// URL"],
    [{ MAIL_FROM: "nobody" }, "Invalid configuration: MAIL_FROM must be an address"],
    [{ TRUST_PROXY: "yes" }, 'Invalid configuration: TRUST_PROXY must be true or false (got "yes")'],
    [{ WALLET_MNEMONIC: "one two three" }, "Invalid configuration: WALLET_MNEMONIC must be a valid BIP39"],
    [
      { BITCOIN_NETWORK: "litecoin" },
      'Invalid configuration: BITCOIN_NETWORK must be one of mainnet, testnet, signet, regtest (got "litecoin")',
    ],
    [{ WITHDRAWAL_FEE_SAT: "0.5" }, "Invalid configuration: WITHDRAWAL_FEE_SAT must be a whole number"],
    [{ PRICE_SOURCE: "oracle" }, "Invalid configuration: PRICE_SOURCE must be one of fixed, http"],
    [{ PRICE_USD: "42,389.57" }, 'Invalid configuration: PRICE_USD must be a USD amount such as "42389.57"'],
    [{ PRICE_USD: "1.234" }, 'Invalid configuration: PRICE_USD must be a USD amount such as "42389.57"'],
    [{ PRICE_URL: "ftp://prices" }, "Invalid configuration: PRICE_URL must be an http:// or https:// URL"],
    [{ PRICE_CACHE_SECONDS: "0" }, "Invalid configuration: PRICE_CACHE_SECONDS must be a whole number"],
    [{ PRICE_SOURCE: "http" }, "Invalid configuration: PRICE_URL is required when PRICE_SOURCE=http"],
  ])("refuses %o with one line naming the variable", (env, expected) => {
    const message = configError(env);
    expect(message.startsWith(expected)).toBe(true);
    expect(message).not.toContain("\n");
  });

  it("never echoes a DATABASE_URL, an SMTP_URL or an APP_SECRET", () => {
    expect(configError({ DATABASE_URL: "mysql://root:hunter2@db/bank" })).not.toContain("hunter2");
    expect(configError({ SMTP_URL: "ftp://root:hunter2@mail" })).not.toContain("hunter2");
    expect(configError({ APP_SECRET: "hunter2" })).not.toContain("hunter2");
    expect(configError({ WALLET_MNEMONIC: "hunter2 abandon" })).not.toContain("hunter2");
  });

  it("names every bad variable when several are wrong, still on one line", () => {
    const message = configError({ PORT: "x", NODE_ENV: "prod" });
    expect(message).toContain("PORT");
    expect(message).toContain("NODE_ENV");
    expect(message).not.toContain("\n");
  });

  it("refuses every embedded default in production, naming each on one line", () => {
    expect(configError({ NODE_ENV: "production" })).toBe(
      "Invalid configuration: " +
        "DATABASE_URL is required in production: the embedded PGlite database is for development only; " +
        "APP_SECRET is required in production: the secret generated in DATA_DIR is for development only; " +
        "SMTP_URL is required in production: the dev mailbox is for development only; " +
        "PUBLIC_URL is required in production: links in emails must point at the bank's public address; " +
        "WALLET_MNEMONIC is required in production: the wallet seed generated in DATA_DIR is for development only; " +
        "COLD_VAULT_DESCRIPTOR is required in production: the demo vault generated in DATA_DIR keeps its keys beside the server; " +
        "HOT_WALLET_MAX_SATS is required in production: the hot wallet's limit is the bank's risk to set, not a default; " +
        "HOT_WALLET_TARGET_SATS is required in production: the hot wallet's target is the bank's risk to set, not a default; " +
        "CHAIN_BACKEND is required in production: the sandbox chain is for development only: use bitcoind or esplora; " +
        "DATA_DIR is required in production: with STORAGE=fs the uploaded documents live in it, so it must name a persistent volume (or use STORAGE=s3)",
    );
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/bank",
      APP_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://mail.internal:25",
      PUBLIC_URL: "https://bank.example",
      WALLET_MNEMONIC: MNEMONIC,
      ...CUSTODY,
      CHAIN_BACKEND: "esplora",
      ESPLORA_URL: "https://esplora.internal",
      DATA_DIR: "/var/lib/satsbank",
    };
    expect(loadConfig(production, cwd).database.kind).toBe("postgres");
    // Staff review identity documents in production unless the operator chooses the automated review.
    expect(loadConfig(production, cwd).kycReview).toBe("manual");
    expect(configError({ ...production, SMTP_URL: "" })).toBe(
      "Invalid configuration: SMTP_URL is required in production: the dev mailbox is for development only",
    );
  });

  it("refuses the test clock in production", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/bank",
      APP_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://mail.internal:25",
      PUBLIC_URL: "https://bank.example",
      WALLET_MNEMONIC: MNEMONIC,
      ...CUSTODY,
      CHAIN_BACKEND: "esplora",
      ESPLORA_URL: "https://esplora.internal",
      DATA_DIR: "/var/lib/satsbank",
    };
    expect(configError({ ...production, TEST_CLOCK: "manual" })).toBe(
      "Invalid configuration: TEST_CLOCK=manual is for tests only, never in production",
    );
    expect(loadConfig({ ...production, TEST_CLOCK: "system" }, cwd).testClock).toBe("system");
  });

  it("keeps uploaded documents on the file system by default, or in an S3-compatible store", () => {
    expect(loadConfig({ STORAGE: "fs" }, cwd).storage).toEqual({ kind: "fs" });
    const s3 = { STORAGE: "s3", S3_BUCKET: "kyc", S3_ACCESS_KEY_ID: "AKIA1", S3_SECRET_ACCESS_KEY: "secret" };
    // No endpoint: AWS S3 in the region (us-east-1 unless told), virtual-hosted addressing.
    expect(loadConfig(s3, cwd).storage).toEqual({
      kind: "s3",
      endpoint: "https://s3.us-east-1.amazonaws.com",
      bucket: "kyc",
      region: "us-east-1",
      accessKeyId: "AKIA1",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_REGION: "eu-west-3" }, cwd).storage).toMatchObject({
      endpoint: "https://s3.eu-west-3.amazonaws.com",
      region: "eu-west-3",
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "0" }, cwd).storage).toMatchObject({
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: "1" }, cwd).storage).toMatchObject({
      forcePathStyle: true,
    });
    // The S3 variables mean nothing to STORAGE=fs.
    expect(loadConfig({ S3_BUCKET: "kyc" }, cwd).storage).toEqual({ kind: "fs" });
  });

  it("needs the bucket and both keys with STORAGE=s3, naming each one missing", () => {
    expect(configError({ STORAGE: "s3" })).toBe(
      "Invalid configuration: S3_BUCKET is required when STORAGE=s3; " +
        "S3_ACCESS_KEY_ID is required when STORAGE=s3; S3_SECRET_ACCESS_KEY is required when STORAGE=s3",
    );
    expect(
      configError({ STORAGE: "s3", S3_BUCKET: "kyc", S3_ACCESS_KEY_ID: "AKIA1", S3_SECRET_ACCESS_KEY: "" }),
    ).toBe("Invalid configuration: S3_SECRET_ACCESS_KEY is required when STORAGE=s3");
  });

  it.each([
    [{ STORAGE: "gcs" }, 'Invalid configuration: STORAGE must be one of fs, s3 (got "gcs")'],
    [{ S3_ENDPOINT: "minio:9000" }, "Invalid configuration: S3_ENDPOINT must be an http:// or https:// URL"],
    [
      { S3_ENDPOINT: "https://AKIA1:hunter2@minio.internal" },
      "Invalid configuration: S3_ENDPOINT must not carry a user or password: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
    ],
    [
      { S3_BUCKET: "KYC_Documents" },
      'Invalid configuration: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "KYC_Documents")',
    ],
    [
      { S3_REGION: "EU West" },
      'Invalid configuration: S3_REGION must be a region such as "us-east-1" (got "EU West")',
    ],
    [
      { S3_FORCE_PATH_STYLE: "yes" },
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "yes")',
    ],
  ])("refuses storage setting %o with one line", (env, expected) => {
    expect(configError(env)).toBe(expected);
  });

  it("never echoes an S3 endpoint or key", () => {
    expect(configError({ S3_ENDPOINT: "ftp://AKIA1:hunter2@minio" })).not.toContain("hunter2");
    expect(configError({ S3_ENDPOINT: "https://AKIA1:hunter2@minio" })).not.toContain("hunter2");
  });

  it("in production, keeps documents on the file system only in an explicit DATA_DIR", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://db/bank",
      APP_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://mail.internal:25",
      PUBLIC_URL: "https://bank.example",
      WALLET_MNEMONIC: MNEMONIC,
      ...CUSTODY,
      CHAIN_BACKEND: "esplora",
      ESPLORA_URL: "https://esplora.internal",
    };
    const refusal =
      "Invalid configuration: DATA_DIR is required in production: with STORAGE=fs the uploaded documents live in it, so it must name a persistent volume (or use STORAGE=s3)";
    expect(configError(production)).toBe(refusal);
    expect(configError({ ...production, STORAGE: "fs" })).toBe(refusal);
    expect(loadConfig({ ...production, DATA_DIR: "/var/lib/satsbank" }, cwd).storage).toEqual({ kind: "fs" });
    const s3 = { STORAGE: "s3", S3_BUCKET: "kyc", S3_ACCESS_KEY_ID: "AKIA1", S3_SECRET_ACCESS_KEY: "secret" };
    expect(loadConfig({ ...production, ...s3 }, cwd).storage.kind).toBe("s3");
  });
});
