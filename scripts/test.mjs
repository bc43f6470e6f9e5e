#!/usr/bin/env node
// `npm test`: typecheck, lint, unit, server and end-to-end tests, in that order. Every step runs even when
// an earlier one fails, so one run shows everything that is wrong; the exit code is non-zero on any failure.
// The closing line counts the tests of every runner: "test: N passed, N failed".
//
// CI runs it twice, once per Node.js line (.ci/run, decision 0022), and the second run takes only what the
// runtime can change: `npm test -- --only vitest,e2e --no-build ...` (steps by id: typecheck, lint, vitest,
// postgres, e2e; `--vitest-projects a,b` runs those Vitest projects only; `--no-build` runs the end-to-end
// tests on the build already in apps/*/dist; `--e2e-specs a,b` runs those spec files of e2e/tests only).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { parseArgs } from "node:util";

const stepIds = ["typecheck", "lint", "vitest", "postgres", "e2e"];
const { values: options } = parseArgs({
  options: {
    only: { type: "string" },
    "no-build": { type: "boolean", default: false },
    "e2e-specs": { type: "string" },
    "vitest-projects": { type: "string" },
  },
});
const only = options.only?.split(",").map((id) => id.trim());
const unknown = only?.filter((id) => !stepIds.includes(id)) ?? [];
if (unknown.length > 0) {
  console.error(`test: no step ${unknown.join(", ")} (the steps: ${stepIds.join(", ")})`);
  process.exit(2);
}
const builtApp = ["apps/server/dist/main.js", "apps/web/dist/index.html"];
if (options["no-build"] && (only ?? stepIds).includes("e2e") && !builtApp.every((path) => existsSync(path))) {
  console.error(`test: --no-build needs a build (${builtApp.join(", ")}): run \`npm run build\` first`);
  process.exit(2);
}
/** `--vitest-projects server*,shared`: the unit and server step runs those Vitest projects only. */
const vitestProjects = (options["vitest-projects"]?.split(",") ?? [])
  .map((name) => ` --project '${name.trim()}'`)
  .join("");
const e2eSpecs = options["e2e-specs"]
  ? options["e2e-specs"].split(",").map((name) => `tests/${name.trim()}`)
  : [];
/** What `npm run test:e2e` runs, less the build with `--no-build`, on the chosen specs with `--e2e-specs`. */
const e2eCommand = [
  "node scripts/ensure-chromium.mjs",
  ...(options["no-build"] ? [] : ["npm run build"]),
  ["npm run test -w @satsbank/e2e", ...(e2eSpecs.length > 0 ? ["--", ...e2eSpecs] : [])].join(" "),
].join(" && ");

const reports = mkdtempSync(join(tmpdir(), "satsbank-test-"));
const vitestReport = join(reports, "vitest.json");
const vitestPostgresReport = join(reports, "vitest-postgres.json");
const playwrightReport = join(reports, "playwright.json");

// The server suites run on the embedded PGlite always, and once more on PostgreSQL when TEST_DATABASE_URL
// names a server (CI does): the same tests, two databases.
const postgresUrl = process.env.TEST_DATABASE_URL;
delete process.env.TEST_DATABASE_URL;

/** @type {{ id: string, name: string, command: string, env?: Record<string, string>, skip?: boolean }[]} */
const steps = [
  { id: "typecheck", name: "typecheck", command: "npm run typecheck" },
  { id: "lint", name: "lint", command: "npm run lint" },
  {
    id: "vitest",
    name: "unit and server tests",
    command: `npx vitest run${vitestProjects} --reporter=default --reporter=json --outputFile.json=${vitestReport}`,
  },
  {
    id: "postgres",
    name: "server tests on PostgreSQL",
    command: `npx vitest run --project 'server*' --reporter=default --reporter=json --outputFile.json=${vitestPostgresReport}`,
    env: { TEST_DATABASE_URL: postgresUrl ?? "" },
    skip: !postgresUrl,
  },
  {
    id: "e2e",
    name: "end-to-end tests",
    command: e2eCommand,
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
  },
];

console.info(`test: Node.js ${process.version}${only ? `, steps ${only.join(", ")}` : ""}`);
const results = [];
for (const step of steps) {
  if (only && !only.includes(step.id)) continue;
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

console.info(`\n=== summary (Node.js ${process.version})`);
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
