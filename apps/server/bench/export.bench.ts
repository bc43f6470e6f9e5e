// `npm run bench`: History > Export at 100,000 transactions (issue 24). Goal: one customer's 100,000 rows
// downloaded through GET /api/transactions/export (the real app listening on a loopback port, a real HTTP
// client reading the stream) in under 3 s on PostgreSQL, with memory flat: the server reads EXPORT_BATCH
// rows at a time, so the heap's and the RSS's peak growth stay a few MB while the file is tens of MB.
//
// PostgreSQL only (TEST_DATABASE_URL's server): a fresh database, dropped afterwards. The rows are written
// straight into wallet_transactions (a counterparty, a note, a label, a settlement price on each), in
// batches of 2,000. BENCH_EXPORT_ROWS changes the count (default 100,000); BENCH_EXPORT_RUNS the runs of
// each format (default 3). Memory is sampled in the one process that serves and reads.
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { EXPORT_BATCH } from "../src/domain/export.js";
import { insertWalletTransactions, type NewWalletTransaction } from "../src/modules/transactions/queries.js";
import {
  BENCH_APP_NOTE,
  type BenchApp,
  benchCustomer,
  onServerDatabase,
  startBenchApp,
} from "./bench-app.js";

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const GOAL_MS = 3_000;
// Under PostgreSQL's 65,535 parameters a statement (about 14 a row).
const INSERT_BATCH = 2_000;
const MB = 1024 * 1024;

// The garbage collector, callable: a memory run measures what is live, not what awaits collection.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function rowsOf(userId: string, from: number, count: number): NewWalletTransaction[] {
  const start = Date.parse("2028-01-01T00:00:00Z");
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const send = i % 3 === 0;
    const at = new Date(start + i * 60_000);
    return {
      id: randomUUID(),
      userId,
      type: send ? "send" : "receive",
      status: i % 50 === 0 ? "pending" : "completed",
      amount: BigInt(1_000 + (i % 997) * 137),
      fee: send && i % 2 === 0 ? 1_500n : 0n,
      counterpartyUsername: `friend${i % 200}`,
      counterpartyName: `Friend Number ${i % 200}`,
      note: i % 4 === 0 ? `Dinner, rent & "other" things #${i}` : null,
      label: i % 5 === 0 ? `budget ${i % 12}` : null,
      createdAt: at,
      ...(i % 50 === 0
        ? {}
        : {
            settledUsdCentsPerBtc: BigInt(4_000_000 + (i % 1_000) * 1_000),
            settledPriceSource: "http" as const,
            settledPriceReadAt: at,
          }),
    };
  });
}

type Run = { ms: number; bytes: number; lines: number; heapPeakMb: number; rssPeakMb: number };

/**
 * One download, read as a stream and counted (never kept). With `liveHeap`, memory is sampled every 50 ms
 * after a forced garbage collection (slower: not timed against the goal), so the heap's peak is what the
 * export holds, not the garbage a collection has not yet taken.
 */
async function download(
  bench: BenchApp,
  cookie: string,
  format: "csv" | "json",
  liveHeap: boolean,
): Promise<Run> {
  gc();
  const base = process.memoryUsage();
  let heapPeak = base.heapUsed;
  let rssPeak = base.rss;
  const sampler = setInterval(() => {
    if (liveHeap) gc();
    const now = process.memoryUsage();
    heapPeak = Math.max(heapPeak, now.heapUsed);
    rssPeak = Math.max(rssPeak, now.rss);
  }, 50);
  const started = performance.now();
  const res = await fetch(
    `${bench.url}${apiPaths.transactions.export}?format=${format}&timeZone=Europe/Paris`,
    { headers: { cookie: `satsbank_session=${cookie}` } },
  );
  if (res.status !== 200 || res.body === null) throw new Error(`export answered ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  // CSV: the header and a line a row. JSON: "[" on a line of its own, then a row a line.
  if (lines - 1 !== ROWS) throw new Error(`${format}: ${lines - 1} rows, not ${ROWS}`);
  return {
    ms,
    bytes,
    lines,
    heapPeakMb: (heapPeak - base.heapUsed) / MB,
    rssPeakMb: (rssPeak - base.rss) / MB,
  };
}

async function onPostgres(serverUrl: string): Promise<void> {
  await onServerDatabase(serverUrl, async (database) => {
    const { handle } = database;
    const bench = await startBenchApp(database);
    try {
      const customer = await benchCustomer(bench, 1, 0n);
      const building = performance.now();
      for (let i = 0; i < ROWS; i += INSERT_BATCH)
        await insertWalletTransactions(handle.db, rowsOf(customer.id, i, Math.min(INSERT_BATCH, ROWS - i)));
      await handle.db.execute(sql`analyze wallet_transactions`);
      console.info(
        `${database.label}: ${ROWS.toLocaleString("en-US")} rows of one customer ` +
          `written in ${((performance.now() - building) / 1000).toFixed(1)} s; ${BENCH_APP_NOTE}`,
      );
      // A warm-up: the first request compiles the route's code paths.
      await download(bench, customer.cookie, "csv", false);
      for (const format of ["csv", "json"] as const) {
        for (let run = 1; run <= RUNS; run++) {
          const r = await download(bench, customer.cookie, format, false);
          console.info(
            `  ${format.toUpperCase().padEnd(4)} run ${run}: ${ROWS.toLocaleString("en-US")} rows, ` +
              `${(r.bytes / MB).toFixed(1)} MB in ${(r.ms / 1000).toFixed(2)} s ` +
              `(${r.ms <= GOAL_MS ? "ok" : "OVER GOAL"}); peak growth: RSS ${r.rssPeakMb.toFixed(1)} MB`,
          );
        }
        const live = await download(bench, customer.cookie, format, true);
        console.info(
          `  ${format.toUpperCase().padEnd(4)} memory run (collected every 50 ms, not timed): live heap peak ` +
            `growth ${live.heapPeakMb.toFixed(1)} MB, RSS ${live.rssPeakMb.toFixed(1)} MB, for a ` +
            `${(live.bytes / MB).toFixed(1)} MB file`,
        );
      }
    } finally {
      await bench.close();
    }
  });
}

console.info(
  `History > Export at ${ROWS.toLocaleString("en-US")} rows (EXPORT_BATCH ${EXPORT_BATCH}), ${RUNS} runs per ` +
    `format after a warm-up, goal <= ${GOAL_MS} ms; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onPostgres(serverUrl);
console.info(
  `load average at the end ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
