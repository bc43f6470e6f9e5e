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
  it("a transfer between two customers with Transaction Alerts on: 16 statements, 13 of them in one db transaction", async () => {
    const sender = await testCustomer(t, { funds: 50_000n });
    // Funded, so both ledger accounts are open (a first receipt opens one: two statements more).
    const payee = await testCustomer(t, { funds: 1_000n });
    for (const customer of [sender, payee]) {
      await upsertSettings(t.db, {
        userId: customer.user.id,
        changes: { transactionAlerts: true },
        at: new Date(),
      });
    }
    let status = 0;
    const queries = await queriesOf(t.handle, async () => {
      status = (await sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "1000" }))
        .statusCode;
    });
    expect(status).toBe(201);
    // The session, the rate limit and the verification check; then the db transaction: begin, the key
    // claimed, the two locks, the sender's figures, the payee, the accounts, the posting, the history, both
    // sides' settings, their notifications, their announcement, commit.
    expect(queries, queries.join("\n")).toHaveLength(16);
    await expectBooksBalanced(t.db);
  });
});
