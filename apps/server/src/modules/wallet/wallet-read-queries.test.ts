import { apiPaths } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson } from "../../test/auth-helpers.js";
import { queriesOf } from "../../test/count-queries.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { sendRequest, testCustomer } from "../../test/money-helpers.js";

// The authenticated reads are the bank's hottest requests (docs/BENCHMARKS.md): each database round trip
// costs a share of their throughput, and a write on a read would serialize them. These pin what they cost.

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
  it("GET /api/wallet: the session, then the wallet's figures in one query; nothing written", async () => {
    const customer = await testCustomer(t, { funds: 50_000n });
    const other = await testCustomer(t);
    await sendRequest(t, customer.token, { recipient: other.user.username, amountSats: "1000" });
    const queries = await readQueries(apiPaths.wallet.summary, customer.token);
    expect(queries, queries.join("\n")).toHaveLength(2);
    expect(queries.filter((query) => writes.test(query))).toEqual([]);
  });

  it("GET /api/auth/me: the session alone; nothing written", async () => {
    const customer = await testCustomer(t);
    const queries = await readQueries(apiPaths.auth.me, customer.token);
    expect(queries, queries.join("\n")).toHaveLength(1);
    expect(queries.filter((query) => writes.test(query))).toEqual([]);
  });
});
