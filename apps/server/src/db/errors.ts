import { DrizzleQueryError } from "drizzle-orm";

/** What a PostgreSQL error says, found through wrappers (drizzle puts the driver's error in `cause`). */
export type DatabaseErrorFacts = {
  /** The SQLSTATE, e.g. "23505" or "40P01". */
  code: string;
  constraint: string | undefined;
  detail: string | undefined;
};

/** The PostgreSQL error inside `error`, from either driver; undefined when it is not one. */
export function databaseError(error: unknown): DatabaseErrorFacts | undefined {
  for (let e: unknown = error; typeof e === "object" && e !== null; e = Reflect.get(e, "cause")) {
    const code = Reflect.get(e, "code");
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = Reflect.get(e, "constraint");
      const detail = Reflect.get(e, "detail");
      return {
        code,
        constraint: typeof constraint === "string" ? constraint : undefined,
        detail: typeof detail === "string" ? detail : undefined,
      };
    }
  }
  return undefined;
}

// Connection exceptions (class 08), and the server shutting down, crashed or not yet accepting (57P0x).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3])$/;
// What the drivers say when the socket fails or a connection cannot be had in time. Any network client
// says the same (a price source's or a chain backend's fetch, the mailer's socket), so these count only
// for an error that came through the database layer.
const UNAVAILABLE_SYSTEM_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
]);
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Cannot use a pool after calling end on the pool",
];

const THROUGH_DATABASE = Symbol("satsbank.throughDatabase");

/**
 * Marks an error the database layer gave outside a query, where Drizzle does not wrap it: a connection
 * the pool could not open for a db transaction (db/client.ts). Every query's error comes wrapped in
 * Drizzle's DrizzleQueryError.
 */
export function markThroughDatabase(error: unknown): unknown {
  if (typeof error === "object" && error !== null) Reflect.set(error, THROUGH_DATABASE, true);
  return error;
}

/**
 * Whether `error` says the database could not be reached (down, restarting, the connection lost) rather
 * than refusing a statement: a request failing so answers 503, and may be asked again. A refused or reset
 * connection of any other client (a fetch, the mailer) is not the database's: it stays the 500 it is.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let throughDatabase = false;
  for (let e: unknown = error; typeof e === "object" && e !== null; e = Reflect.get(e, "cause")) {
    if (e instanceof DrizzleQueryError || Reflect.get(e, THROUGH_DATABASE) === true) throughDatabase = true;
    const code = Reflect.get(e, "code");
    if (typeof code === "string" && UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (throughDatabase && typeof code === "string" && UNAVAILABLE_SYSTEM_CODES.has(code)) return true;
    const message = Reflect.get(e, "message");
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known)))
      return true;
  }
  return false;
}
