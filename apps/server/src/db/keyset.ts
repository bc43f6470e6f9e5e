import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * A timestamp column as a keyset cursor holds it: UTC text with microseconds ("2026-11-27T10:00:00.123456Z"),
 * which a JavaScript Date would round to milliseconds (two rows a microsecond apart would then share a cursor).
 */
export function cursorTime(column: AnyColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
