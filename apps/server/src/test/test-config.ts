import { type AppConfig, loadConfig } from "../config/config.js";

export const TEST_WALLET_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

/**
 * A valid Config for tests: silent logger, in-memory database, a dist dir that does not exist. PORT=80
 * (PUBLIC_URL http://localhost:80): `app.inject` sends `Host: localhost:80` unless told otherwise, and the
 * server answers only the hosts it is configured for (plugins/allowed-hosts.ts), as for a browser.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent/web-dist",
    PORT: "80",
  });
  return {
    ...base,
    database: { kind: "pglite", dataDir: null },
    appSecret: "test-app-secret-0123456789abcdefghijklmnop",
    // The BIP84 test vectors' mnemonic: deposit addresses in tests are reproducible.
    walletMnemonic: TEST_WALLET_MNEMONIC,
    ...overrides,
  };
}
