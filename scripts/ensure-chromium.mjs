#!/usr/bin/env node
// Makes sure a Chromium for the end-to-end tests exists, and prints its path.
// Order: $CHROMIUM_PATH, then /usr/bin/chromium; if neither exists and we are root on Debian, install the
// `chromium` package with apt-get; otherwise fail loudly. The browser tests are never skipped silently.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";
const candidate = process.env.CHROMIUM_PATH || DEFAULT_PATH;

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`\nensure-chromium: ${message}\n`);
  process.exit(1);
}

/** @param {string} path */
function version(path) {
  return execFileSync(path, ["--version"], { encoding: "utf8" }).trim();
}

if (!existsSync(candidate)) {
  if (process.env.CHROMIUM_PATH) {
    fail(
      `CHROMIUM_PATH is set to ${candidate}, but no file is there. Unset it or point it at a Chromium binary.`,
    );
  }
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const isDebian = existsSync("/etc/debian_version");
  if (!isRoot || !isDebian) {
    fail(
      "Chromium is needed for the end-to-end tests and was not found at /usr/bin/chromium.\n" +
        "Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROMIUM_PATH to a Chromium binary.",
    );
  }
  console.info("ensure-chromium: Chromium not found; installing the Debian package `chromium` ...");
  try {
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  } catch {
    fail("`apt-get install -y chromium` failed; the end-to-end tests cannot run without a browser.");
  }
  if (!existsSync(DEFAULT_PATH)) fail(`apt-get finished but ${DEFAULT_PATH} is still missing.`);
}

try {
  console.info(`ensure-chromium: using ${version(candidate)} at ${candidate}`);
} catch (error) {
  fail(`${candidate} exists but does not run: ${error instanceof Error ? error.message : String(error)}`);
}
