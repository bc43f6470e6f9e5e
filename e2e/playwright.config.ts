import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./support/chromium.js";

// The tests drive the system Chromium (no browser download) against the built app, started on a fresh,
// temporary DATA_DIR so every run begins from an empty database. Worker processes re-read this file, so
// the directory is made once and passed on through the environment.
const here = dirname(fileURLToPath(import.meta.url));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "satsbank-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const reporter = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? ([["list"], ["json"]] as const)
  : ([["list"]] as const);

export default defineConfig({
  testDir: "tests",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [...reporter],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    viewport: { width: 390, height: 844 },
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: "node apps/server/dist/main.js",
    cwd: resolve(here, ".."),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Tests move the server's time (support/server-clock.ts) instead of waiting for it.
      TEST_CLOCK: "manual",
      // Blocks only when a test mines one (npm run sandbox's endpoints), never on a timer.
      SANDBOX_BLOCK_SECONDS: "0",
      // Level 1 may send 0.01 BTC a day here (the default is 0.1), so a seeded customer can reach it.
      SEND_LIMIT_LEVEL_1_SAT: "1000000",
      // The withdrawal policy, small enough for the seeded customers (tests/withdrawal*.spec.ts): a first
      // withdrawal to an address is held (no test waits it out: it is cancelled), above 0.0005 BTC one member
      // of staff approves, above 0.001 BTC two do. The hourly pace never sends a test's withdrawal to review.
      NEW_ADDRESS_HOLD_HOURS: "24",
      WITHDRAWAL_REVIEW_SATS: "50000",
      WITHDRAWAL_DUAL_APPROVAL_SATS: "100000",
      WITHDRAWALS_PER_HOUR_REVIEW: "100",
    },
  },
});
