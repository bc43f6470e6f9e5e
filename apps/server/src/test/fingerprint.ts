import { type SQL, sql } from "drizzle-orm";
import type { TestApp } from "./create-test-app.js";

/** One fingerprint per table: its row count and a digest of every row, so a change anywhere shows. */
export type Fingerprint = Record<string, string>;

// PGlite answers { rows }, node-postgres too; drizzle passes either through.
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}

const tableLists = new WeakMap<TestApp, Promise<string[]>>();

function tablesOf(t: TestApp): Promise<string[]> {
  let tables = tableLists.get(t);
  if (tables === undefined) {
    tables = t.db
      .execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
      .then((result) => rowsOf<{ name: string }>(result).map(({ name }) => name));
    tableLists.set(t, tables);
  }
  return tables;
}

/**
 * Every table's fingerprint, in one round trip, but for the tables in `except` (those a test lets change:
 * the counters of a rate limit, the login history of a refused sign-in).
 */
export async function fingerprint(t: TestApp, except: readonly string[] = []): Promise<Fingerprint> {
  const tables = (await tablesOf(t)).filter((name) => !except.includes(name));
  if (tables.length === 0) return {};
  const parts: SQL[] = tables.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from ${sql.identifier(name)} t`,
  );
  const result = await t.db.execute(sql.join(parts, sql` union all `));
  return Object.fromEntries(
    rowsOf<{ name: string; print: string }>(result).map((row) => [row.name, row.print]),
  );
}
