import { describe, expect, it } from "vitest";
import { holderDescriptor } from "../bitcoin/vault/fixtures/vault-keys.js";
import { ConfigError, loadConfig } from "./config.js";

const TOKEN = "t".repeat(32);
const production = {
  NODE_ENV: "production",
  DATA_DIR: "/var/lib/satsbank",
  DATABASE_URL: "postgres://bank:pw@db:5432/bank",
  APP_SECRET: "s".repeat(32),
  SMTP_URL: "smtp://smtp.example.com",
  PUBLIC_URL: "https://bank.example",
  WALLET_MNEMONIC:
    "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  BITCOIN_NETWORK: "mainnet",
  COLD_VAULT_DESCRIPTOR: holderDescriptor("mainnet"),
  HOT_WALLET_MAX_SATS: "20000000",
  HOT_WALLET_TARGET_SATS: "8000000",
  CHAIN_BACKEND: "esplora",
  ESPLORA_URL: "https://esplora.internal/api",
};

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected loadConfig to throw");
}

describe("METRICS and METRICS_TOKEN", () => {
  it("serve no metrics by default, in development and production alike", () => {
    expect(loadConfig({}).metrics).toEqual({ enabled: false, token: null });
    expect(loadConfig(production).metrics).toEqual({ enabled: false, token: null });
  });

  it("serve them to loopback without a token outside production", () => {
    expect(loadConfig({ METRICS: "true" }).metrics).toEqual({ enabled: true, token: null });
    expect(loadConfig({ METRICS: "1", METRICS_TOKEN: TOKEN }).metrics).toEqual({
      enabled: true,
      token: TOKEN,
    });
  });

  it("require a token in production", () => {
    expect(configError({ ...production, METRICS: "true" })).toBe(
      "Invalid configuration: METRICS_TOKEN is required in production when METRICS=true: scrapers must present it",
    );
    expect(loadConfig({ ...production, METRICS: "true", METRICS_TOKEN: TOKEN }).metrics.token).toBe(TOKEN);
  });

  it("refuse a short or spaced token, a token without METRICS, and never echo the token", () => {
    const short = configError({ METRICS: "true", METRICS_TOKEN: "secret-but-short" });
    expect(short).toBe("Invalid configuration: METRICS_TOKEN must be at least 32 characters long");
    expect(short).not.toContain("secret-but-short");
    expect(configError({ METRICS: "true", METRICS_TOKEN: `${"a".repeat(20)} ${"b".repeat(20)}` })).toBe(
      "Invalid configuration: METRICS_TOKEN must be visible ASCII characters without spaces",
    );
    expect(configError({ METRICS_TOKEN: TOKEN })).toBe(
      "Invalid configuration: METRICS_TOKEN is set but METRICS is not true: set METRICS=true",
    );
    expect(configError({ METRICS: "yes" })).toBe(
      'Invalid configuration: METRICS must be true or false (got "yes")',
    );
  });
});
