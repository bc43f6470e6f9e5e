import { expect } from "vitest";
import type { World } from "./world.js";

/**
 * One row of the attack table. `before` sets the attack up (a fresh victim, a first send) and is not
 * judged; then every table is fingerprinted, `attack` runs and asserts its refusal, and every table but
 * those in `mayChange` must be exactly as it was, with the books balanced.
 */
export type Attack = {
  name: string;
  /**
   * Tables the attack may change, each for a stated reason: the counters of the rate limit that refused
   * it, the login history of a refused sign-in, or the text it stored (an XSS attempt is stored as text).
   * The suite checks each name is a table, so a renamed one cannot quietly widen the check.
   */
  mayChange?: readonly string[];
  before?: (w: World) => Promise<unknown>;
  attack: (w: World, setup: unknown) => Promise<void>;
};

/**
 * What an accepted send writes: both history rows, the ledger's transfer and balances, the idempotency
 * key's claim, the rate limit's count, and both customers' notifications (recorded whatever the settings).
 */
export const A_SEND = [
  "wallet_transactions",
  "ledger_transfers",
  "ledger_accounts",
  "send_requests",
  "rate_limit_counters",
  "notifications",
] as const;

/** A row whose `attack` receives what its `before` made, typed. */
export function attack<S>(row: {
  name: string;
  mayChange?: readonly string[];
  before?: (w: World) => Promise<S>;
  attack: (w: World, setup: S) => Promise<void>;
}): Attack {
  return row as Attack;
}

type Res = Awaited<ReturnType<World["t"]["app"]["inject"]>>;

export type Call = {
  method?: "GET" | "POST" | "PUT" | "PATCH";
  url: string;
  payload?: unknown;
  query?: Record<string, string>;
  /** The session token the request carries. */
  as?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
};

/** One request, as a browser of the bank's own origin sends it unless `headers` say otherwise. */
export function call(w: World, c: Call): Promise<Res> {
  return w.t.app.inject({
    method: c.method ?? (c.payload === undefined ? "GET" : "POST"),
    url: c.url,
    ...(c.payload === undefined ? {} : { payload: c.payload as object }),
    ...(c.query === undefined ? {} : { query: c.query }),
    ...(c.as === undefined ? {} : { cookies: { satsbank_session: c.as } }),
    ...(c.remoteAddress === undefined ? {} : { remoteAddress: c.remoteAddress }),
    headers: c.headers ?? {},
  });
}

/** The answer is the error shape with this status and code (and message, when given). */
export function expectRefused(
  res: Res,
  status: number,
  error: { code: string; message?: string; fields?: Record<string, string> },
  what = "",
): void {
  expect(res.statusCode, `${what} ${res.body}`).toBe(status);
  expect(res.headers["content-type"], what).toMatch(/^application\/json/);
  expect(res.json().error, what).toMatchObject(error);
}

let ipCounter = 0;
/** An address of its own (TEST-NET-3), so a row's rate-limit counts are its own. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
}
