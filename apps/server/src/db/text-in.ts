import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * `column = any($1::text[])`: the whole list as one parameter. Drizzle's `inArray` writes one parameter per
 * value, and PostgreSQL spends longer planning an IN list of thousands (a block's 8,000 output addresses)
 * than running the index look-ups.
 */
export function textIn(column: Column, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}
