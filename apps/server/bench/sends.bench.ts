// `npm run bench`: sends inside the bank through the HTTP API. 100 customers, each with a session of its
// own, send to one another at random (POST /api/wallet/send, a fresh idempotency key each), one send in
// flight per customer, for BENCH_SECONDS (default 15) after a warm-up; the load generator runs in a process
// of its own. In the same run, the ledger's own posting rate: postTransfers directly between the same
// customers' accounts, as many at once. Then the books are checked and each accepted send counted once in
// the history. On PGlite and, with TEST_DATABASE_URL, on a fresh PostgreSQL database.
// Goal (issue 13): 1,500 sends/s, p99 under 100 ms, the books balanced afterwards.
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import { customerAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import { checkLedgerInvariants } from "../src/ledger/invariants.js";
import {
  BENCH_APP_NOTE,
  type BenchDatabase,
  benchCustomer,
  onEachDatabase,
  onServerDatabase,
  startBenchApp,
} from "./bench-app.js";
import { type CpuUse, cpuPerRequest, cpuUse } from "./cpu-use.js";
import { type LoadResult, runLoad } from "./load.js";
import { postingRate, walletSendRate } from "./send-rates.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const WARMUP_SECONDS = Math.min(2, SECONDS);
const CUSTOMERS = 100;
const FUNDS = 10n ** 11n;

async function sendRows(db: Db): Promise<number> {
  const result = await db.execute<{ count: string }>(
    sql`select count(*)::text as count from wallet_transactions where type = 'send'`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

async function measure(database: BenchDatabase): Promise<void> {
  const bench = await startBenchApp(database);
  try {
    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await benchCustomer(bench, i, FUNDS));
    const senders = customers.map(({ cookie, username }) => ({ cookie, username }));
    const accounts = await openCustomerAccounts(
      bench.db,
      customers.map((customer) => customer.id),
    );
    const accountIds = customers.map((customer) => customerAccountId(accounts, customer.id));

    await runLoad({
      kind: "sends",
      url: `${bench.url}/api/wallet/send`,
      seconds: WARMUP_SECONDS,
      customers: senders,
    });
    const rowsBefore = await sendRows(bench.db);
    const cpu: CpuUse[] = [await cpuUse()];
    const sends: LoadResult = await runLoad({
      kind: "sends",
      url: `${bench.url}/api/wallet/send`,
      seconds: SECONDS,
      customers: senders,
    });
    cpu.push(await cpuUse());
    const rowsAfter = await sendRows(bench.db);
    cpu.push(await cpuUse());
    const postings = await postingRate(bench.db, accountIds, CUSTOMERS, SECONDS);
    cpu.push(await cpuUse());
    const direct = await walletSendRate(bench.db, customers, SECONDS);
    cpu.push(await cpuUse());
    // CPU per operation (us): the app's process, PostgreSQL's processes, the whole machine.
    const used = (from: number, count: number) => {
      const per = cpuPerRequest(cpu[from] as CpuUse, cpu[from + 1] as CpuUse, count);
      const us = (value: number | null) => (value === null ? "-" : Math.round(value).toString());
      return `  CPU/op: app ${us(per.app)} us, PostgreSQL ${us(per.postgres)} us, machine ${us(per.machine)} us`;
    };
    const books = await checkLedgerInvariants(bench.db);

    console.info(`\n${database.label}: ${CUSTOMERS} customers sending at once, ${SECONDS} s`);
    console.info(
      `  HTTP sends        ${Math.round(sends.perSecond).toString().padStart(6)} sends/s` +
        `  p50 ${sends.p50.toFixed(1)} ms, p99 ${sends.p99.toFixed(1)} ms  (${sends.total} sent, ${sends.failed} refused)` +
        used(0, sends.total),
    );
    for (const failure of sends.firstFailures ?? []) console.info(`    refused: ${failure}`);
    console.info(
      `  ledger postings   ${Math.round(postings).toString().padStart(6)} transfers/s  (postTransfers directly, ${CUSTOMERS} at once)` +
        used(2, postings * SECONDS),
    );
    console.info(
      `  wallet_send()     ${Math.round(direct).toString().padStart(6)} sends/s  (sendBitcoin directly, no HTTP, ${CUSTOMERS} at once)` +
        used(3, direct * SECONDS),
    );
    console.info(
      `  ratio             ${(sends.perSecond / postings).toFixed(2)}  (HTTP sends/s / ledger transfers/s)`,
    );
    const counted = rowsAfter - rowsBefore === sends.total;
    console.info(
      `  history           ${rowsAfter - rowsBefore} send rows for ${sends.total} accepted sends` +
        (counted ? " (each once)" : " (MISMATCH)"),
    );
    console.info(
      `  books             ${books.ok ? "balanced, no customer below zero, every balance = its transfers" : "BROKEN"}`,
    );
    if (!books.ok || !counted || sends.failed > 0) process.exitCode = 1;
  } finally {
    await bench.close();
  }
}

console.info(`Sends through the HTTP API: ${BENCH_APP_NOTE}`);
// BENCH_SENDS_PGLITE=0 with TEST_DATABASE_URL: PostgreSQL alone (the goal's database), for before/after pairs.
const serverUrl = process.env.TEST_DATABASE_URL;
if (process.env.BENCH_SENDS_PGLITE === "0" && serverUrl !== undefined)
  await onServerDatabase(serverUrl, measure);
else await onEachDatabase(measure);
