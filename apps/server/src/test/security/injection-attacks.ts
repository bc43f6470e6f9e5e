import { apiPaths, sendErrors } from "@satsbank/shared";
import { expect } from "vitest";
import { authText } from "../../modules/auth/index.js";
import { type Attack, attack, call, expectRefused, freshIp } from "./attack.js";
import type { World } from "./world.js";

/** SQL that would match everything, end the statement, union in secrets or stall, were it ever spliced in. */
export const SQL_INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "%' OR 1=1 --",
  "\\' OR 1=1 --",
  "1) UNION SELECT password_hash, email FROM users --",
  "$$; DELETE FROM ledger_transfers; $$",
  "' || pg_sleep(5) || '",
  "a%_'\"`;--",
];

type Search = {
  url: string;
  /** The query's other fields; the injection goes in `field`. */
  query?: Record<string, string>;
  field: string;
  who: (w: World) => string;
  /** The answer's rows (nothing matches the injected text, so none may come back). */
  rows: (body: string) => unknown[];
  /** Tables the search itself writes (an export is audited). */
  mayChange?: readonly string[];
};

const items = (body: string) => JSON.parse(body).items as unknown[];
const customer = (w: World) => w.alice.token;
const staff = (w: World) => w.staff.token;

/** Every search box: a new one joins by a line. */
const SEARCHES: Search[] = [
  { url: apiPaths.transactions.list, field: "q", who: customer, rows: items },
  { url: apiPaths.admin.customers, field: "q", who: staff, rows: items },
  { url: apiPaths.admin.transactions, field: "q", who: staff, rows: items },
  {
    url: apiPaths.admin.transactionsExport,
    field: "q",
    who: staff,
    // The header line alone.
    rows: (body) => body.trim().split("\n").slice(1),
    mayChange: ["audit_events"],
  },
  { url: apiPaths.admin.audit, field: "q", who: staff, rows: items },
  { url: apiPaths.admin.audit, field: "target", who: staff, rows: items },
  { url: apiPaths.dev.mailbox, field: "to", who: staff, rows: (body) => JSON.parse(body).messages },
];

const searchAttacks = SEARCHES.map((s) =>
  attack({
    name: `search ${s.url}?${s.field}=`,
    ...(s.mayChange === undefined ? {} : { mayChange: s.mayChange }),
    attack: async (w) => {
      for (const injection of SQL_INJECTIONS) {
        const res = await call(w, { url: s.url, query: { ...s.query, [s.field]: injection }, as: s.who(w) });
        expect(res.statusCode, `${injection}: ${res.body}`).toBe(200);
        expect(s.rows(res.body), injection).toEqual([]);
      }
    },
  }),
);

/** Every list paged by a cursor: a new one joins by a line. */
const PAGED: [string, (w: World) => string][] = [
  [apiPaths.transactions.list, customer],
  [apiPaths.notifications.list, customer],
  [apiPaths.admin.transactions, staff],
  [apiPaths.admin.kycSubmissions, staff],
  [apiPaths.admin.support, staff],
  [apiPaths.admin.audit, staff],
];

/** Injections as the cursor, and inside a cursor shaped like the server's own (base64url of a JSON pair). */
function hostileCursors(): string[] {
  const shaped = (pair: unknown[]) => Buffer.from(JSON.stringify(pair)).toString("base64url");
  return SQL_INJECTIONS.flatMap((injection) => [
    injection,
    shaped(["2030-01-15T12:00:00.000000Z", injection]),
    shaped([injection, "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11"]),
  ]);
}

const cursorAttacks = PAGED.map(([url, who]) =>
  attack({
    name: `cursor ${url}?cursor=`,
    attack: async (w) => {
      for (const cursor of hostileCursors()) {
        const res = await call(w, { url, query: { cursor }, as: who(w) });
        expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
        expect(res.json().error.fields, cursor).toHaveProperty("cursor");
      }
    },
  }),
);

/** Body fields that look something up: answered as for any text that names nothing. */
const bodyAttacks: Attack[] = [
  attack({
    name: "sign-in email and password",
    // A wrong password is counted by the sign-in limits.
    mayChange: ["rate_limit_counters"],
    attack: async (w) => {
      for (const injection of SQL_INJECTIONS) {
        const remoteAddress = freshIp();
        const asEmail = `x${injection.replace(/[^a-z0-9'%_]/gi, "")}@example.com`;
        for (const payload of [
          { email: asEmail, password: "correct horse battery", remember: false },
          { email: `nobody-${remoteAddress}@example.com`, password: injection, remember: false },
        ]) {
          const res = await call(w, { url: apiPaths.auth.login, payload, remoteAddress });
          if (res.statusCode === 400) continue; // not an email at all
          expectRefused(
            res,
            401,
            { code: "UNAUTHENTICATED", message: authText.invalidCredentials },
            injection,
          );
        }
      }
    },
  }),
  attack({
    name: "password reset email",
    mayChange: ["rate_limit_counters"],
    attack: async (w) => {
      for (const injection of SQL_INJECTIONS) {
        const email = `x${injection.replace(/[^a-z0-9'%_]/gi, "")}@example.com`;
        const res = await call(w, {
          url: apiPaths.auth.resetRequest,
          payload: { email },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${email}: ${res.body}`).toBeLessThan(500);
      }
    },
  }),
  attack({
    name: "send and quote recipient",
    mayChange: ["rate_limit_counters"],
    attack: async (w) => {
      for (const injection of SQL_INJECTIONS) {
        for (const url of [apiPaths.wallet.quote, apiPaths.wallet.send]) {
          const res = await call(w, {
            url,
            payload: { recipient: injection, amountSats: "1000", idempotencyKey: crypto.randomUUID() },
            as: w.bob.token,
          });
          expectRefused(
            res,
            400,
            { code: "VALIDATION_ERROR", fields: { recipient: sendErrors.unknownRecipient.text } },
            `${url} ${injection}`,
          );
        }
      }
    },
  }),
  attack({
    name: "external wallet address",
    mayChange: ["rate_limit_counters"],
    attack: async (w) => {
      for (const injection of SQL_INJECTIONS) {
        const res = await call(w, {
          url: apiPaths.externalWallets.challenges,
          payload: { provider: "unisat", address: injection },
          as: w.bob.token,
        });
        expect(res.statusCode, `${injection}: ${res.body}`).toBe(400);
        expect(res.json().error.fields).toHaveProperty("address");
      }
    },
  }),
];

export const injectionAttacks: Attack[] = [...searchAttacks, ...cursorAttacks, ...bodyAttacks];
