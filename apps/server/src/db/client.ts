import { mkdir } from "node:fs/promises";
import { PGlite, type PGliteOptions, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { lockDataDir } from "./data-dir-lock.js";
import { markThroughDatabase } from "./errors.js";
import * as schema from "./schema/index.js";

/**
 * What `db.execute(sql)` resolves to. Both drivers answer with at least `{ rows }`; saying so here keeps
 * raw SQL results typed instead of `unknown`.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: QueryRows<this["row"]>;
}
type QueryRows<Row> = { rows: Row[] };

/** The one database type the code uses, whichever driver runs underneath. */
export type Db = PgDatabase<DbQueryResultHKT, typeof schema>;

type HandleBase = {
  db: Db;
  /** Runs `SELECT 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** An open database. The raw client is kept for the migrator, which is driver-specific. */
export type DatabaseHandle =
  | (HandleBase & { kind: "pglite"; client: PGlite })
  | (HandleBase & { kind: "postgres"; pool: pg.Pool });

/** Where the data lives: the embedded PGlite (dataDir null = in memory, for tests) or a PostgreSQL server. */
export type DatabaseTarget = { kind: "pglite"; dataDir: string | null } | { kind: "postgres"; url: string };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url);
  return openPglite(target.dataDir);
}

/**
 * How every PGlite is opened. pg_trgm serves the history search's indexes (a WASM build loads extensions
 * only when asked at construction). int8 arrives as text, as node-postgres delivers it: satoshi amounts
 * never pass through a JS number on either driver.
 */
export const pgliteOptions = {
  extensions: { pg_trgm },
  parsers: { [types.INT8]: (value: string) => value },
} satisfies PGliteOptions;

async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  if (dataDir === null) return wrapPglite(new PGlite(pgliteOptions));
  await mkdir(dataDir, { recursive: true });
  // One process at a time: PGlite itself would let a second one in and corrupt the files.
  const unlock = await lockDataDir(dataDir);
  try {
    return await wrapPglite(new PGlite(dataDir, pgliteOptions), unlock);
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Wraps a PGlite the caller made (tests make one from a snapshot of a migrated database). */
export async function wrapPglite(client: PGlite, onClose?: () => Promise<void>): Promise<DatabaseHandle> {
  await client.waitReady;
  const db: Db = drizzlePglite({ client, schema });
  return {
    kind: "pglite",
    client,
    db,
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
      await onClose?.();
    },
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  // Without a connect timeout, a query against an unreachable server waits forever.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (server restart) must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL: an idle connection failed: ${error.message}`));
  // A client checked out of the pool (a db transaction under way) that loses its connection emits "error"
  // on itself, where the pool does not listen: unheard, that is an uncaught exception, and the process
  // stops. Its query fails with the error (the request answers 503), and the pool drops it on release.
  pool.on("connect", (client) => client.on("error", () => {}));
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<pg.Pool["connect"]>[0]) =>
    callback === undefined
      ? connect().then(selfReleasing, (error: unknown) => Promise.reject(markThroughDatabase(error)))
      : connect(callback)) as pg.Pool["connect"];
  const db: Db = drizzleNodePg({ client: pool, schema });
  let closed = false;
  return {
    kind: "postgres",
    pool,
    db,
    ping: () => ping(db),
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/**
 * A client checked out of the pool goes back by itself when its connection ends; its own release then
 * does nothing. Drizzle's db.transaction checks a client out and sends BEGIN before its try/finally: a
 * connection lost at that moment (the database restarting) was never released, and a few such losses
 * left the pool empty, every request waiting for a connection forever.
 */
function selfReleasing(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const giveBack = () => {
    if (released) return;
    released = true;
    release(new Error("the connection ended"));
  };
  client.release = (error) => {
    client.off("end", giveBack);
    if (released) return;
    released = true;
    release(error);
  };
  if (Reflect.get(client, "_ended") === true) giveBack();
  else client.once("end", giveBack);
  return client;
}

async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
