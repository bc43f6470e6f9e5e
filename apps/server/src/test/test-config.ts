import { type AppConfig, loadConfig } from "../config.js";

/** A valid Config for tests: silent logger, in-memory database, a dist dir that does not exist. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const base = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST_DIR: "/nonexistent/web-dist" });
  return {
    ...base,
    database: { kind: "pglite", dataDir: null },
    appSecret: "test-app-secret-0123456789abcdefghijklmnop",
    ...overrides,
  };
}
