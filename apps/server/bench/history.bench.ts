// `npm run bench`: the history at 1,000,000 transactions (issue 13). Goal: p95 under 25 ms for each of a
// search by name, a search by address prefix, a filter by type and a next page, in the customer's history
// (listTransactions, as GET /api/transactions runs it) and in staff's Transaction History
// (listAdminTransactions), pages of 20.
//
// The data set (history-data.ts): 1,000,000 rows made through the ledger's posting batches, deposits and
// sends between customers over two years, 2,000 customers and a busy merchant with about 200,000 of them.
// The measurements: history-timing.ts.
//
// PostgreSQL (TEST_DATABASE_URL's server): the database satsbank_history_bench (BENCH_HISTORY_DB), kept
// between runs because building it takes minutes; BENCH_HISTORY_REBUILD=1 makes it again. PGlite: in
// memory, built each run, only with BENCH_HISTORY_PGLITE=1 (it takes long). BENCH_HISTORY_ROWS changes
// the size (default 1,000,000).
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, pgliteOptions, wrapPglite } from "../src/db/client.js";
import { migrateDatabase } from "../src/db/migrate.js";
import * as schema from "../src/db/schema/index.js";
import { build, historyRows, ROWS } from "./history-data.js";
import { GOAL_MS, measure, RUNS, WARMUP } from "./history-timing.js";

async function onHistoryPostgres(serverUrl: string): Promise<void> {
  const name = process.env.BENCH_HISTORY_DB ?? "satsbank_history_bench";
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    if (process.env.BENCH_HISTORY_REBUILD === "1")
      await admin.query(`drop database if exists "${name}" with (force)`);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on("error", () => {});
  try {
    const db: Db = drizzle({ client: pool, schema });
    await migrateDatabase({ kind: "postgres", pool, db, ping: async () => {}, close: async () => {} });
    const have = await historyRows(db);
    if (have < ROWS) {
      if (have > 0)
        throw new Error(`${name} holds ${have} rows, not ${ROWS}: run with BENCH_HISTORY_REBUILD=1`);
      console.info(`\nBuilding ${ROWS} history rows in ${name} (kept for the next run)`);
      await build(db);
    }
    await measure(`PostgreSQL (database ${name})`, db);
  } finally {
    await pool.end();
  }
}

async function onHistoryPglite(): Promise<void> {
  const handle = await wrapPglite(new PGlite(pgliteOptions));
  try {
    await migrateDatabase(handle);
    console.info(`\nBuilding ${ROWS} history rows in PGlite (in memory)`);
    await build(handle.db);
    await measure("PGlite (in-process WASM PostgreSQL)", handle.db);
  } finally {
    await handle.close();
  }
}

console.info(
  `History at ${ROWS} rows: ${RUNS} runs per query after ${WARMUP} warm-up, goal p95 <= ${GOAL_MS} ms`,
);
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl === undefined)
  console.info("\nPostgreSQL: not run (set TEST_DATABASE_URL to a server to run it)");
else await onHistoryPostgres(serverUrl);
if (process.env.BENCH_HISTORY_PGLITE === "1") await onHistoryPglite();
else
  console.info(
    "\nPGlite: not run (BENCH_HISTORY_PGLITE=1 runs it; building 1,000,000 rows there takes long)",
  );
