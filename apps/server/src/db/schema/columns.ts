import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

// What the schema files share to write their columns and checks; no table here (index.ts leaves it out).

/** A `timestamp with time zone` column, read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A zod enum's values for a text column's `enum`: Drizzle wants a non-empty tuple, zod's is a plain array. */
export const values = <T extends string>(schema: { options: readonly T[] }) => schema.options as [T, ...T[]];

/** The list as SQL string literals, for a check's `in (...)`. */
export const quoted = (list: readonly string[]) => sql.raw(list.map((value) => `'${value}'`).join(", "));
