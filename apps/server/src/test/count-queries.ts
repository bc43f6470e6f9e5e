import pg from "pg";
import type { DatabaseHandle } from "../db/client.js";

/**
 * The SQL statements `run` sends to the database, in order, on either driver: each query of the PGlite
 * and of its transactions (with a "begin" and, when it commits, a "commit", as node-postgres sends them), or
 * each query of every node-postgres client (the pool's and those checked out for transactions). For tests
 * that pin how many round trips a request costs.
 */
export async function queriesOf(handle: DatabaseHandle, run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const textOf = (query: unknown) =>
    typeof query === "string" ? query : String((query as { text?: unknown } | null)?.text ?? "");
  const restore = handle.kind === "pglite" ? watchPglite(handle.client, seen, textOf) : watchPg(seen, textOf);
  try {
    await run();
  } finally {
    restore();
  }
  return seen;
}

type TextOf = (query: unknown) => string;

function watchPglite(
  client: Extract<DatabaseHandle, { kind: "pglite" }>["client"],
  seen: string[],
  textOf: TextOf,
): () => void {
  const { query, transaction } = client;
  client.query = ((...args: Parameters<typeof query>) => {
    seen.push(textOf(args[0]));
    return query.apply(client, args);
  }) as typeof query;
  client.transaction = (async (callback: Parameters<typeof transaction>[0]) => {
    seen.push("begin");
    const result = await transaction.call(client, (tx) => {
      const txQuery = tx.query;
      tx.query = ((...args: Parameters<typeof txQuery>) => {
        seen.push(textOf(args[0]));
        return txQuery.apply(tx, args);
      }) as typeof txQuery;
      return callback(tx);
    });
    seen.push("commit");
    return result;
  }) as typeof transaction;
  return () => {
    client.query = query;
    client.transaction = transaction;
  };
}

function watchPg(seen: string[], textOf: TextOf): () => void {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const { query } = prototype;
  prototype.query = function (this: unknown, ...args: unknown[]) {
    seen.push(textOf(args[0]));
    return query.apply(this, args);
  };
  return () => {
    prototype.query = query;
  };
}
