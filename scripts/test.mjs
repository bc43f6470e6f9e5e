#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, server and end-to-end tests, in that order. Every step runs even when
// an earlier one fails, so one run shows everything that is wrong; the exit code is non-zero on any failure.
// The closing line counts the tests of every runner: "test: N passed, N failed".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";

const reports = mkdtempSync(join(tmpdir(), "satsbank-test-"));
const vitestReport = join(reports, "vitest.json");
const vitestPostgresReport = join(reports, "vitest-postgres.json");
const playwrightReport = join(reports, "playwright.json");

// The server suites run on the embedded PGlite always, and once more on PostgreSQL when TEST_DATABASE_URL
// names a server (CI does): the same tests, two databases.
const postgresUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;

/** @type {{ name: string, command: string, env?: Record<string, string>, skip?: boolean }[]} */
const steps = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  {
    name: "unit and server tests",
    command: `npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestReport}`,
  },
  {
    name: "server tests on PostgreSQL",
    command: `npx vitest run --project 'server*' --reporter=default --reporter=json --outputFile.json=${vitestPostgresReport}`,
    env: { TEST_DATABASE_URL: postgresUrl ?? "" },
    skip: !postgresUrl,
  },
  {
    name: "end-to-end tests",
    command: "npm run test:e2e",
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

const results = [];
for (const step of steps) {
  if (step.skip) {
    console.info(`\n=== ${step.name}: not run (set TEST_DATABASE_URL to a PostgreSQL database to run it)`);
    continue;
  }
  console.info(`\n=== ${step.name}: ${step.command}\n`);
  const started = Date.now();
  const run = spawnSync(step.command, {
    shell: true,
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  const ok = run.status === 0;
  results.push({ name: step.name, ok, seconds: Math.round((Date.now() - started) / 1000) });
}

/** @param {string} path @returns {any} */
function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
/** The failing tests by name, repeated at the end so that the last lines of a long log name them. */
const failing = [];
for (const [label, vitest] of [
  ["", readJson(vitestReport)],
  ["PostgreSQL: ", readJson(vitestPostgresReport)],
]) {
  if (!vitest) continue;
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const reason = String(test.failureMessages?.[0] ?? "").split("\n")[0];
      failing.push(`${label}${relative(process.cwd(), file.name)} > ${test.fullName}: ${reason}`);
    }
  }
}
const playwright = readJson(playwrightReport);
if (playwright?.stats) {
  passed += (playwright.stats.expected ?? 0) + (playwright.stats.flaky ?? 0);
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
  collectPlaywrightFailures(playwright.suites ?? [], failing);
}

/** @param {any[]} suites @param {string[]} into */
function collectPlaywrightFailures(suites, into) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const error = spec.tests?.[0]?.results?.at(-1)?.error?.message ?? "";
      into.push(`e2e: ${spec.file}:${spec.line} > ${spec.title}: ${String(error).split("\n")[0]}`);
    }
    collectPlaywrightFailures(suite.suites ?? [], into);
  }
}
rmSync(reports, { recursive: true, force: true });

console.info("\n=== summary");
for (const line of failing) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the colour codes of a runner's message
  console.info(`failed: ${line.replace(/\u001b\[[0-9;]*m/g, "").slice(0, 400)}`);
}
for (const result of results) {
  console.info(`${result.ok ? "ok  " : "FAIL"}  ${result.name} (${result.seconds}s)`);
}
const stepsFailed = results.filter((result) => !result.ok).length;
// A step can fail without a failing test (a type error, a lint error, a crashed runner): count it too.
const failures = failed > 0 ? failed : stepsFailed;
console.info(`test: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(stepsFailed > 0 ? 1 : 0);
