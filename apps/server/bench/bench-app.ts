// The HTTP benchmarks' server: the real app (buildApp, as main.ts wires it) listening on a loopback port,
// on PGlite in a temporary data directory or on a fresh database of the PostgreSQL server named by
// TEST_DATABASE_URL (dropped afterwards); a bare Fastify hello-world beside it, the baseline; and the
// customers, made through the HTTP API and the test helpers.
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { apiPaths } from "@satsbank/shared";
import Fastify from "fastify";
import { systemClock } from "../src/adapters/clock.js";
import { listOutbox } from "../src/adapters/mailer/outbox.js";
import { createRateLimiter, type RateLimiter } from "../src/adapters/rate-limit/limiter.js";
import { type App, buildApp } from "../src/app.js";
import { type AppConfig, loadConfig } from "../src/config/config.js";
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from "../src/db/client.js";
import { listenerFor } from "../src/db/listen.js";
import { migrateDatabase } from "../src/db/migrate.js";
import { sats } from "../src/domain/money.js";
import { markEmailVerified } from "../src/modules/auth/email-verification-queries.js";
import { fundFromEquity } from "../src/test/fund-from-equity.js";
import { markVerified } from "../src/test/mark-verified.js";
import { freePort } from "../src/test/server-process.js";
import { adminQuery } from "./databases.js";

/** Every rate limit this many times higher: the benchmarks send far more than a person may. */
export const RATE_LIMIT_FACTOR = 1_000_000;
/** The send limit of verified customers (level 1 and 2): 21 million BTC, so no send is refused by it. */
const SEND_LIMIT_SAT = "2100000000000000";

/** What the benchmarks print about the app they measure. */
export const BENCH_APP_NOTE =
  `the app as main.ts builds it (NODE_ENV=development, LOG_LEVEL=silent, fixed price), every rate ` +
  `limit x${RATE_LIMIT_FACTOR.toLocaleString("en-US")} (still counted in the database) and send limits ` +
  "of 21M BTC, so no benchmark request is refused by a limit";

export type BenchDatabase = { label: string; handle: DatabaseHandle; target: DatabaseTarget };

/** Runs `measure` on PGlite (a temporary data directory) and, with TEST_DATABASE_URL, on PostgreSQL. */
export async function onEachDatabase(measure: (database: BenchDatabase) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), "satsbank-bench-"));
  try {
    const target = { kind: "pglite", dataDir: path.join(dir, "pg") } as const;
    const handle = await openDatabase(target);
    try {
      await measure({ label: "PGlite (data directory on disk, in-process)", handle, target });
    } finally {
      await handle.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl === undefined) {
    console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
    return;
  }
  await onServerDatabase(serverUrl, measure);
}

/**
 * Runs `measure` on a fresh database of the PostgreSQL server at `serverUrl` (the app's pool, as main.ts
 * opens it), dropped afterwards; its label names the server's version.
 */
export async function onServerDatabase(
  serverUrl: string,
  measure: (database: BenchDatabase) => Promise<void>,
): Promise<void> {
  const name = `satsbank_bench_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const target = { kind: "postgres", url: url.toString() } as const;
    const handle = await openDatabase(target);
    try {
      const version = await serverVersion(handle);
      await measure({ label: `PostgreSQL ${version} (the app's pool, as main.ts opens it)`, handle, target });
    } finally {
      await handle.close();
    }
  } finally {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}

async function serverVersion(handle: DatabaseHandle): Promise<string> {
  if (handle.kind !== "postgres") return "";
  const result = await handle.pool.query<{ server_version: string }>("show server_version");
  return result.rows[0]?.server_version ?? "";
}

/** The database rate limiter, each rule's `max` multiplied: every hit still costs its statement. */
function generousLimiter(db: DatabaseHandle["db"]): RateLimiter {
  const limiter = createRateLimiter({ db, clock: systemClock });
  return {
    take: (...limits) =>
      limiter.take(
        ...limits.map(({ rule, key }) => ({ rule: { ...rule, max: rule.max * RATE_LIMIT_FACTOR }, key })),
      ),
    refund: limiter.refund,
    clear: limiter.clear,
  };
}

export type BenchApp = {
  app: App;
  db: DatabaseHandle["db"];
  url: string;
  /** The request log's file, when the app logs (`log` other than silent). */
  logFile: string | undefined;
  close: () => Promise<void>;
};

/** What the app logs in a benchmark: nothing (the default), or JSON lines at this level, as production. */
export type BenchLog = AppConfig["logLevel"];

/**
 * BENCH_LOG: the API benchmark's log level, `info` (production's default: JSON lines, into a file in the
 * benchmark's data directory) unless set; `silent` turns the log off, to measure what it costs.
 */
export function benchLogOf(value: string | undefined): BenchLog {
  const level = value ?? "info";
  const levels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
  const found = levels.find((known) => known === level);
  if (found === undefined) throw new Error(`BENCH_LOG must be one of ${levels.join(", ")}`);
  return found;
}

/** The app on the database, migrated, listening on a loopback port; logging at `log` (default: silent). */
export async function startBenchApp(
  { handle, target }: BenchDatabase,
  { log = "silent" }: { log?: BenchLog } = {},
): Promise<BenchApp> {
  await migrateDatabase(handle);
  const dataDir = await mkdtemp(path.join(tmpdir(), "satsbank-bench-data-"));
  // Its own port, in the configuration: the server answers only the hosts it is configured for
  // (127.0.0.1 on PORT), so every request, the in-process ones too, goes to `url`.
  const port = await freePort();
  const config: AppConfig = {
    ...loadConfig({
      PORT: String(port),
      NODE_ENV: "development",
      LOG_LEVEL: log,
      WEB_DIST_DIR: "/nonexistent/web-dist",
      DATA_DIR: dataDir,
      SEND_LIMIT_LEVEL_1_SAT: SEND_LIMIT_SAT,
      SEND_LIMIT_LEVEL_2_SAT: SEND_LIMIT_SAT,
    }),
    database: target,
    appSecret: "bench-app-secret-0123456789abcdefghijklmnop",
    walletMnemonic:
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about",
  };
  const logFile = log === "silent" ? undefined : path.join(dataDir, "server.log");
  const app = await buildApp({
    config,
    ...(logFile === undefined ? {} : { logFile }),
    db: handle.db,
    dbPing: handle.ping,
    listen: listenerFor(handle),
    limiter: generousLimiter(handle.db),
  });
  const url = await app.listen({ host: "127.0.0.1", port });
  return {
    app,
    db: handle.db,
    url,
    logFile,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The baseline: a bare Fastify with one JSON route, no plugins, in the same process. */
export async function startHelloWorld(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify();
  app.get("/", async () => ({ hello: "world" }));
  const url = await app.listen({ host: "127.0.0.1", port: 0 });
  return { url, close: () => app.close() };
}

export type BenchCustomer = { id: string; username: string; email: string; cookie: string };

const PASSWORD = "correct horse battery staple";

/**
 * A customer signed up through the API (from an address of its own), its email confirmed, identity and
 * address verified (test/mark-verified.ts) and funded from the bank's equity (test/fund-from-equity.ts).
 */
export async function benchCustomer(
  { app, db, url }: BenchApp,
  n: number,
  funds: bigint,
): Promise<BenchCustomer> {
  const tag = `${randomUUID().slice(0, 8)}${n}`;
  const email = `bench-${tag}@example.com`;
  const res = await app.inject({
    method: "POST",
    url: `${url}${apiPaths.auth.signup}`,
    remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    payload: { name: `Bench Customer ${n}`, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { user } = res.json() as { user: { id: string; username: string; email: string } };
  const cookie = res.cookies.find((c) => c.name === "satsbank_session")?.value ?? "";
  const ctx = { db, clock: systemClock };
  await markEmailVerified(ctx.db, { userId: user.id, email: user.email, at: new Date() });
  await markVerified({ ctx, userId: user.id });
  if (funds > 0n) {
    await fundFromEquity({ ctx, userId: user.id, amount: sats(funds), idempotencyKey: `bench:${user.id}` });
  }
  return { id: user.id, username: user.username, email: user.email, cookie };
}

/** Both steps of sign-in, the code read from the dev mailbox (the outbox): a fresh session cookie. */
export async function signIn({ app, db, url }: BenchApp, customer: BenchCustomer): Promise<string> {
  const login = await app.inject({
    method: "POST",
    url: `${url}${apiPaths.auth.login}`,
    payload: { email: customer.email, password: PASSWORD, remember: false },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const { challengeId } = login.json() as { challengeId: string };
  const [mail] = await listOutbox(db, { to: customer.email, limit: 1 });
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  if (code === undefined) throw new Error("no sign-in code in the dev mailbox");
  const verify = await app.inject({
    method: "POST",
    url: `${url}${apiPaths.auth.verify}`,
    payload: { challengeId, code },
  });
  const cookie = verify.cookies.find((c) => c.name === "satsbank_session")?.value;
  if (verify.statusCode !== 200 || cookie === undefined) throw new Error(`code refused: ${verify.body}`);
  return cookie;
}
