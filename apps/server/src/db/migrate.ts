import { fileURLToPath } from "node:url";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.js";

// src/db/ and dist/db/ are both two levels below apps/server, where drizzle/ lives.
const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

// Any constant works, as long as every Satsbank process uses the same one: "satsbank" in ASCII.
const MIGRATION_LOCK_KEY = 0x7361_7473_6261_6e6bn;

/** Applies the committed migrations in apps/server/drizzle that the database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    // PGlite belongs to this process alone, so nothing can race it.
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder });
    return;
  }
  // Several API processes may start at once: one migrates while the others wait on the lock, then find
  // nothing left to do. The lock is held by the same connection that runs the migrations.
  const connection = await handle.pool.connect();
  try {
    await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder });
    } finally {
      await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    // Closing the connection also drops the lock if the unlock above never ran (broken connection).
    connection.release(true);
  }
}
