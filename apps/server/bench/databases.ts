// The databases a benchmark runs on: the embedded PGlite always, and a fresh database on the PostgreSQL
// server of TEST_DATABASE_URL when it is set (dropped afterwards), each migrated.
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, pgliteOptions, wrapPglite } from "../src/db/client.js";
import { migrateDatabase } from "../src/db/migrate.js";
import * as schema from "../src/db/schema/index.js";

/** One statement on the server of `url` (create or drop a database), on a connection of its own. */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function onPglite(run: (label: string, db: Db) => Promise<void>): Promise<void> {
  const handle = await wrapPglite(new PGlite(pgliteOptions));
  try {
    await migrateDatabase(handle);
    await run("PGlite (in-process WASM PostgreSQL, one connection)", handle.db);
  } finally {
    await handle.close();
  }
}

export async function onPostgres(
  serverUrl: string,
  poolSize: number,
  run: (label: string, db: Db) => Promise<void>,
): Promise<void> {
  const name = `satsbank_bench_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
  pool.on("error", () => {});
  try {
    const db: Db = drizzle({ client: pool, schema });
    await migrateDatabase({ kind: "postgres", pool, db, ping: async () => {}, close: async () => {} });
    await run(`PostgreSQL (${poolSize} connections)`, db);
  } finally {
    await pool.end();
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  }
}
