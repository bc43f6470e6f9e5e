import { type AppConfig, loadConfig } from "../config/config.js";

export const TEST_WALLET_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/** A valid Config for tests: silent logger, in-memory database, a dist dir that does not exist. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent/web-dist" });
  return {
    ...base,
    database: { kind: "pglite", dataDir: null },
    appSecret: "test-app-secret-0123456789abcdefghijklmnop",
    // The BIP84 test vectors' mnemonic: deposit addresses in tests are reproducible.
    walletMnemonic: TEST_WALLET_MNEMONIC,
    ...overrides,
  };
}
