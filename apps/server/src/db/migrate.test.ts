import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/create-test-app.js";
import { type DatabaseHandle, openDatabase } from "./client.js";
import { migrateDatabase } from "./migrate.js";
import { appSettings } from "./schema/index.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emptyDatabase(): Promise<DatabaseHandle> {
  return (await emptyTestDatabase()).handle;
}

async function emptyTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  cleanups.push(database.close);
  return database;
}

async function appliedMigrations(handle: DatabaseHandle): Promise<number> {
  const rows = await handle.db.execute<{ count: string | number }>(
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(rows.rows[0]?.count);
}

describe("migrations", () => {
  it("create the app_settings table, which then stores JSON values", async () => {
    const handle = await emptyDatabase();
    await migrateDatabase(handle);
    await handle.db.insert(appSettings).values({ key: "withdrawal_fee", value: { sats: "1000" } });
    const [row] = await handle.db.select().from(appSettings).where(eq(appSettings.key, "withdrawal_fee"));
    expect(row?.value).toEqual({ sats: "1000" });
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it("can run on every start: a second run changes nothing and keeps the data", async () => {
    const handle = await emptyDatabase();
    await migrateDatabase(handle);
    const applied = await appliedMigrations(handle);
    expect(applied).toBeGreaterThan(0);
    await handle.db.insert(appSettings).values({ key: "k", value: 1 });
    await migrateDatabase(handle);
    expect(await appliedMigrations(handle)).toBe(applied);
    expect(await handle.db.select().from(appSettings)).toHaveLength(1);
  });

  it("are safe when several processes start at once on PostgreSQL", async (context) => {
    const { handle: first, target } = await emptyTestDatabase();
    // Only PostgreSQL has several processes; PGlite belongs to one.
    if (target.kind !== "postgres") return context.skip();
    const others = await Promise.all([1, 2, 3].map(() => openDatabase(target)));
    for (const other of others) cleanups.push(() => other.close());
    await Promise.all([first, ...others].map((handle) => migrateDatabase(handle)));
    expect(await appliedMigrations(first)).toBe(await appliedMigrations(others[0] ?? first));
    expect(await first.db.select().from(appSettings)).toEqual([]);
  });
});
