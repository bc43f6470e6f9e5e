import { apiPaths } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson } from "../../test/auth-helpers.js";
import { queriesOf } from "../../test/count-queries.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced, sendRequest, testCustomer } from "../../test/money-helpers.js";
import { upsertSettings } from "../notifications/index.js";

// The authenticated reads and the send are the bank's hottest requests (docs/BENCHMARKS.md): each database
// round trip costs a share of their throughput, and a write on a read would serialize them. These pin what
// they cost, so a change that adds one fails here and says so.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const writes =
  /^\s*(insert|update|delete|merge|begin|lock|select[\s\S]*\bfor (update|share|no key update)\b)/i;

async function readQueries(url: string, cookie: string): Promise<string[]> {
  let status = 0;
  const queries = await queriesOf(t.handle, async () => {
    status = (await getJson(t, url, { cookie })).statusCode;
  });
  expect(status).toBe(200);
  return queries;
}

describe("the authenticated reads' round trips", () => {
  it("GET /api/wallet: the session and the wallet's figures in one statement; nothing written", async () => {
    const customer = await testCustomer(t, { funds: 50_000n });
    const other = await testCustomer(t);
    await sendRequest(t, customer.token, { recipient: other.user.username, amountSats: "1000" });
    await t.announcer.idle();
    const queries = await readQueries(apiPaths.wallet.summary, customer.token);
    expect(queries, queries.join("\n")).toHaveLength(1);
    expect(queries.filter((query) => writes.test(query))).toEqual([]);
  });

  it("GET /api/auth/me: the session alone; nothing written", async () => {
    const customer = await testCustomer(t);
    const queries = await readQueries(apiPaths.auth.me, customer.token);
    expect(queries, queries.join("\n")).toHaveLength(1);
    expect(queries.filter((query) => writes.test(query))).toEqual([]);
  });
});

describe("a send's round trips", () => {
  it("a transfer between two customers with Transaction Alerts on: 3 statements, one of them the send (wallet_send)", async () => {
    const sender = await testCustomer(t, { funds: 50_000n });
    // Funded, so both ledger accounts are open (wallet_send() opens a missing one in the same statement).
    const payee = await testCustomer(t, { funds: 1_000n });
    for (const customer of [sender, payee]) {
      await upsertSettings(t.db, {
        userId: customer.user.id,
        changes: { transactionAlerts: true },
        at: new Date(),
      });
    }
    const queries = await sendQueries(sender.token, { recipient: payee.user.username, amountSats: "1000" });
    // The session, the rate limit; then the send itself, one statement that is its own db transaction:
    // the key, the locks, the checks, the posting, both history rows and both notifications (it was 16
    // statements, 13 of them in one db transaction, before wallet_send()).
    // Then, after its commit, one statement announces both notifications (notifications/announcer.ts).
    expectOneStatementSend(queries, { announced: 2 });
  });

  it("a transfer with Transaction Alerts off (the default): the same 3 statements", async () => {
    const sender = await testCustomer(t, { funds: 50_000n });
    const payee = await testCustomer(t, { funds: 1_000n });
    const queries = await sendQueries(sender.token, { recipient: payee.user.username, amountSats: "1000" });
    expect(
      queries.filter((query) => !announcing.test(query)),
      queries.join("\n"),
    ).toHaveLength(3);
  });

  it("a withdrawal to an outside address (no passkey): 3 statements and the announcement, as a transfer", async () => {
    const sender = await testCustomer(t, { funds: 50_000n });
    const queries = await sendQueries(sender.token, { recipient: OUTSIDE, amountSats: "10000" });
    // The session, the rate limit; then wallet_send(): the key, the locks, the checks (the bank's own
    // addresses, the watchdog's pause, the passkey setting, the policy), the two-leg posting, the history
    // row, the withdrawal and its notice (it was 27 statements, 28 with a first wallet_send() that found
    // the address no customer's). After the commit, one statement announces the notice.
    expectOneStatementSend(queries, { announced: 1 });
  });
});

/** A valid regtest address outside the bank (as withdrawal-send.test.ts uses). */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

async function sendQueries(token: string, body: Record<string, unknown>): Promise<string[]> {
  let status = 0;
  const queries = await queriesOf(t.handle, async () => {
    status = (await sendRequest(t, token, body)).statusCode;
    // What is announced after the answer, counted apart.
    await t.announcer.idle();
  });
  expect(status).toBe(201);
  await expectBooksBalanced(t.db);
  return queries;
}

/**
 * The send's statements: the session, the rate limit and one wallet_send(), in no db transaction of
 * several statements; then, after them, one statement announcing `announced` notifications.
 */
function expectOneStatementSend(queries: string[], { announced }: { announced: number }): void {
  const send = queries.filter((query) => !announcing.test(query));
  expect(send, queries.join("\n")).toHaveLength(3);
  expect(send.filter((query) => /wallet_send\(/.test(query))).toHaveLength(1);
  expect(inTransaction(queries)).toEqual([]);
  const announcements = queries.filter((query) => announcing.test(query));
  expect(announcements).toHaveLength(1);
  expect(announcements[0]?.match(/pg_notify\(/g)).toHaveLength(announced);
  expect(queries.indexOf(announcements[0] ?? "")).toBeGreaterThan(queries.indexOf(send[2] ?? ""));
}

/** The statement that announces notifications after a commit (announcer.ts). */
const announcing = /^\s*select pg_notify\(/i;

/** The statements from begin to commit, both included (none: no db transaction of several statements). */
function inTransaction(queries: string[]): string[] {
  const begin = queries.findIndex((query) => /^\s*begin/i.test(query));
  const commit = queries.findIndex((query) => /^\s*commit/i.test(query));
  return begin < 0 || commit < 0 ? [] : queries.slice(begin, commit + 1);
}
