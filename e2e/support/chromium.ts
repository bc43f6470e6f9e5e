import type { LaunchOptions } from "@playwright/test";

/**
 * How the tests and benchmarks start the system Chromium (no browser download). Without these flags
 * Chromium keeps calling home, which this machine's closed network refuses.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
