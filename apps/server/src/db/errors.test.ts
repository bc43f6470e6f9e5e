import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_MESSAGE, mapError } from "../plugins/error-handler.js";
import { isDatabaseUnavailable, markThroughDatabase } from "./errors.js";

/** As drizzle wraps a driver's error: the driver's in `cause`. */
const wrapped = (cause: object) => new DrizzleQueryError("begin", [], Object.assign(new Error("x"), cause));
/** A socket's error, as Node.js gives it to any client of the network. */
const refused = () =>
  Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
    code: "ECONNREFUSED",
    syscall: "connect",
  });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["the connection lost mid-query", new Error("Connection terminated unexpectedly")],
    ["no connection within the pool's timeout", new Error("timeout exceeded when trying to connect")],
    ["a refused connection in a query", wrapped(refused())],
    ["a refused connection for a db transaction (the pool's connect)", markThroughDatabase(refused())],
    ["a connection reset in a query", wrapped({ code: "ECONNRESET", message: "read ECONNRESET" })],
    ["the server shutting down (57P01)", wrapped({ code: "57P01", message: "terminating connection" })],
    [
      "the server starting up (57P03)",
      wrapped({ code: "57P03", message: "the database system is starting up" }),
    ],
    ["a connection exception (08006)", wrapped({ code: "08006", message: "connection failure" })],
  ])("says yes to %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(mapError(error)).toEqual({
      status: 503,
      body: { error: { code: "SERVICE_UNAVAILABLE", message: DATABASE_UNAVAILABLE_MESSAGE } },
    });
  });

  it.each([
    ["a unique violation", wrapped({ code: "23505", message: "duplicate key" })],
    ["a serialization failure", wrapped({ code: "40001", message: "could not serialize" })],
    ["a bug", new TypeError("x is undefined")],
    // The same system errors from any other client are not the database's.
    [
      "a fetch refused (a price source, a chain backend)",
      new TypeError("fetch failed", { cause: refused() }),
    ],
    [
      "the mailer's socket reset",
      Object.assign(new Error("Connection closed unexpectedly"), { code: "ECONNRESET" }),
    ],
    ["a bare refused connection nobody says is the database's", refused()],
  ])("says no to %s, which stays a 500", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(mapError(error).status).toBe(500);
  });
});
