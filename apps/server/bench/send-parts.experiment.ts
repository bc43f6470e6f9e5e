// An experiment, not a benchmark (`npm run bench` runs *.bench.ts only): where wallet_send()'s time goes.
// On a scratch PostgreSQL database (TEST_DATABASE_URL), 100 bench customers; wallet_send() through
// sendBitcoin, 100 at once, then the ledger's posting rate, for BENCH_SECONDS each, under variants of the
// function rewritten in that database only: as committed; without the trigram GIN indexes of
// wallet_transactions; without the rolling 24-hour sum too; as committed again. (Its first version also
// measured the function without its pg_notify: the function announces nothing now, decision 0023.)
// Run: BENCH_SECONDS=8 TEST_DATABASE_URL=... node --conditions=development --import tsx bench/send-parts.experiment.ts
// Figures: docs/progress/issue-25-send.md (load 10-18) and docs/BENCHMARKS.md's issue-25 section (quiet).
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { customerAccountId, openCustomerAccounts } from "../src/ledger/accounts.js";
import {
  type BenchCustomer,
  type BenchDatabase,
  benchCustomer,
  onServerDatabase,
  startBenchApp,
} from "./bench-app.js";
import { postingRate, walletSendRate } from "./send-rates.js";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CUSTOMERS = 100;
const FUNDS = 10n ** 11n;

const fnSql = readFileSync(new URL("../drizzle/0040_wallet_send.sql", import.meta.url), "utf8").replaceAll(
  "CREATE FUNCTION",
  "CREATE OR REPLACE FUNCTION",
);
async function measure(database: BenchDatabase): Promise<void> {
  const bench = await startBenchApp(database);
  try {
    const customers: BenchCustomer[] = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await benchCustomer(bench, i, FUNDS));
    const accounts = await openCustomerAccounts(
      bench.db,
      customers.map((c) => c.id),
    );
    const accountIds = customers.map((c) => customerAccountId(accounts, c.id));
    const report = async (label: string) => {
      const d = await walletSendRate(bench.db, customers, SECONDS);
      const l = await postingRate(bench.db, accountIds, CUSTOMERS, SECONDS);
      console.info(
        `${label}: wallet_send ${Math.round(d)}/s, ledger ${Math.round(l)}/s, ratio ${(d / l).toFixed(2)}`,
      );
    };
    await report("A as committed");
    for (const index of ["wallet_transactions_address_trgm_idx", "wallet_transactions_search_trgm_idx"]) {
      await bench.db.execute(sql.raw(`drop index if exists ${index}`));
    }
    await report("B without the trigram GIN indexes");
    await bench.db.execute(
      sql.raw(fnSql.replace(/SELECT coalesce\(sum\(w\.amount\), 0\) INTO v_sent[^;]*;/s, "v_sent := 0;")),
    );
    await report("C B and no rolling 24-hour sum");
    await bench.db.execute(sql.raw(fnSql));
    await report("D the committed function again (GIN indexes still dropped)");
  } finally {
    await bench.close();
  }
}
const url = process.env.TEST_DATABASE_URL;
if (url === undefined) throw new Error("TEST_DATABASE_URL");
await onServerDatabase(url, measure);
