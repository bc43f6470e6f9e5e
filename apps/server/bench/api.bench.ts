// `npm run bench`: the authenticated reads through HTTP, against a bare Fastify hello-world in the same
// run. autocannon (in a process of its own) with 50 connections for BENCH_SECONDS (default 15) per route:
// hello-world, /healthz, /api/auth/me, GET /api/wallet (the balance read) and the first history page,
// as a customer signed in with the emailed code, who has a balance and a history. On PGlite and, with
// TEST_DATABASE_URL, on a fresh PostgreSQL database (BENCH_API_PGLITE=0: that one alone). The app logs as
// production does, JSON lines at `info` into a file (BENCH_LOG=silent turns it off, to measure what it
// costs). Goal (issues 13 and 25): the balance read on PostgreSQL at 15% of hello-world or better, p99
// under 25 ms.
import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import { apiPaths } from "@satsbank/shared";
import {
  BENCH_APP_NOTE,
  type BenchDatabase,
  benchCustomer,
  benchLogOf,
  onEachDatabase,
  onServerDatabase,
  signIn,
  startBenchApp,
  startHelloWorld,
} from "./bench-app.js";
import { type CpuUse, cpuPerRequest, cpuUse } from "./cpu-use.js";
import { type LoadResult, runLoad } from "./load.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LOG = benchLogOf(process.env.BENCH_LOG);
const CONNECTIONS = 50;
/** Sends between the signed-in customer and two others: her history is several pages long. */
const HISTORY_SENDS = 60;

async function measure({ label, ...database }: BenchDatabase): Promise<void> {
  const bench = await startBenchApp({ label, ...database }, { log: LOG });
  const hello = await startHelloWorld();
  try {
    const alice = await benchCustomer(bench, 0, 10n ** 10n);
    const others = [await benchCustomer(bench, 1, 10n ** 10n), await benchCustomer(bench, 2, 10n ** 10n)];
    const cookie = await signIn(bench, alice);
    for (let i = 0; i < HISTORY_SENDS; i++) {
      const other = others[i % others.length];
      if (other === undefined) continue;
      const [from, to, fromCookie] = i % 3 === 0 ? [other, alice, other.cookie] : [alice, other, cookie];
      const res = await bench.app.inject({
        method: "POST",
        url: `${bench.url}${apiPaths.wallet.send}`,
        cookies: { satsbank_session: fromCookie },
        payload: { recipient: to.username, amountSats: String(1000 + i), idempotencyKey: randomUUID() },
      });
      if (res.statusCode !== 201) throw new Error(`seed send from ${from.username}: ${res.body}`);
    }
    const headers = { cookie: `satsbank_session=${cookie}` };
    const allRoutes: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: "hello-world", url: hello.url, headers: {} },
      { name: "GET /healthz", url: `${bench.url}/healthz`, headers: {} },
      { name: "GET /api/auth/me", url: `${bench.url}${apiPaths.auth.me}`, headers },
      { name: "GET /api/wallet", url: `${bench.url}${apiPaths.wallet.summary}`, headers },
      { name: "GET /api/transactions", url: `${bench.url}${apiPaths.transactions.list}`, headers },
    ];
    // BENCH_API_ROUTES=hello-world,/api/wallet: those routes only (e.g. under --cpu-prof).
    const only = process.env.BENCH_API_ROUTES?.split(",");
    const routes = allRoutes.filter((route) => only?.some((part) => route.name.endsWith(part)) ?? true);
    // A short warm-up of each route (JIT, the pool's connections, the database's caches).
    for (const route of routes) {
      await runLoad({ kind: "autocannon", connections: CONNECTIONS, seconds: 1, ...route });
    }
    const results: { name: string; result: LoadResult; cpu: [CpuUse, CpuUse] }[] = [];
    const logBefore = await logSize(bench.logFile);
    for (const route of routes) {
      const before = await cpuUse();
      const result = await runLoad({
        kind: "autocannon",
        connections: CONNECTIONS,
        seconds: SECONDS,
        ...route,
      });
      results.push({ name: route.name, result, cpu: [before, await cpuUse()] });
    }
    const baseline = results[0]?.result.perSecond ?? 1;
    console.info(`\n${label}: ${CONNECTIONS} connections, ${SECONDS} s per route`);
    console.info(
      `  ${"route".padEnd(22)} ${"req/s".padStart(8)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ` +
        `${"vs hello".padStart(9)} ${"failed".padStart(7)}   CPU us/request: app, PostgreSQL, machine`,
    );
    for (const { name, result, cpu } of results) {
      const used = cpuPerRequest(cpu[0], cpu[1], result.total);
      const us = (value: number | null) => (value === null ? "-" : Math.round(value).toString()).padStart(6);
      console.info(
        `  ${name.padEnd(22)} ${Math.round(result.perSecond).toString().padStart(8)} ` +
          `${result.p50.toFixed(1).padStart(7)} ${result.p99.toFixed(1).padStart(7)} ` +
          `${`${((100 * result.perSecond) / baseline).toFixed(1)}%`.padStart(9)} ${result.failed.toString().padStart(7)}` +
          `   ${us(used.app)} ${us(used.postgres)} ${us(used.machine)}`,
      );
      if (result.failed > 0) process.exitCode = 1;
    }
    const served = results.slice(1).reduce((sum, { result }) => sum + result.perSecond * SECONDS, 0);
    const logged = (await logSize(bench.logFile)) - logBefore;
    console.info(
      bench.logFile === undefined
        ? "  the app logged nothing (BENCH_LOG=silent)"
        : `  the app's log (JSON lines at ${LOG}): ${(logged / 2 ** 20).toFixed(1)} MB, about ` +
            `${Math.round(logged / Math.max(served, 1))} bytes per request`,
    );
  } finally {
    await hello.close();
    await bench.close();
  }
}

async function logSize(file: string | undefined): Promise<number> {
  return file === undefined ? 0 : (await stat(file).catch(() => ({ size: 0 }))).size;
}

console.info(
  `API reads: ${BENCH_APP_NOTE.replace("LOG_LEVEL=silent", LOG === "silent" ? "LOG_LEVEL=silent" : `LOG_LEVEL=${LOG} as JSON lines into a file`)}; ` +
    "the load generator in a process of its own",
);
// BENCH_API_PGLITE=0 with TEST_DATABASE_URL: PostgreSQL alone (the goal's database), for before/after pairs.
const serverUrl = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_API_PGLITE === "0" && serverUrl !== undefined)
  await onServerDatabase(serverUrl, measure);
else await onEachDatabase(measure);
