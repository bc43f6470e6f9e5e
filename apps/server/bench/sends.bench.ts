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
  startBenchApp,
} from "./bench-app.js";
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
    const sends: LoadResult = await runLoad({
      kind: "sends",
      url: `${bench.url}/api/wallet/send`,
      seconds: SECONDS,
      customers: senders,
    });
    const rowsAfter = await sendRows(bench.db);
    const postings = await postingRate(bench.db, accountIds, CUSTOMERS, SECONDS);
    const direct = await walletSendRate(bench.db, customers, SECONDS);
    const books = await checkLedgerInvariants(bench.db);

    console.info(`\n${database.label}: ${CUSTOMERS} customers sending at once, ${SECONDS} s`);
    console.info(
      `  HTTP sends        ${Math.round(sends.perSecond).toString().padStart(6)} sends/s` +
        `  p50 ${sends.p50.toFixed(1)} ms, p99 ${sends.p99.toFixed(1)} ms  (${sends.total} sent, ${sends.failed} refused)`,
    );
    for (const failure of sends.firstFailures ?? []) console.info(`    refused: ${failure}`);
    console.info(
      `  ledger postings   ${Math.round(postings).toString().padStart(6)} transfers/s  (postTransfers directly, ${CUSTOMERS} at once)`,
    );
    console.info(
      `  wallet_send()     ${Math.round(direct).toString().padStart(6)} sends/s  (sendBitcoin directly, no HTTP, ${CUSTOMERS} at once)`,
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
await onEachDatabase(measure);
