import type { Db } from "./client.js";

/**
 * A named prepared statement per Db (the pool, or a db transaction's connection), built on first use:
 * Drizzle builds the SQL once, and PostgreSQL parses and plans it once per connection instead of on every
 * call. For the statements the hottest paths run (a posting, the customer's figures).
 */
export function preparedPer<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (statement === undefined) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
