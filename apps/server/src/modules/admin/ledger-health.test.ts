import { apiPaths, ledgerHealthSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { getJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced, sendRequest, testCustomer } from "../../test/money-helpers.js";
import { createStaff } from "../auth/index.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/admin/ledger/health", () => {
  it("tells staff the books balance after money moved", async () => {
    const payer = await testCustomer(t, { funds: 10_000n });
    const payee = await testCustomer(t);
    expect(
      (await sendRequest(t, payer.token, { recipient: payee.user.username, amountSats: "4000" })).statusCode,
    ).toBe(201);

    const ctx = {
      db: t.db,
      clock: systemClock,
      limiter: createRateLimiter({ db: t.db, clock: systemClock }),
    };
    await createStaff({ ctx, name: "Auditor", email: "auditor@example.com", password: "auditor-password" });
    const { token } = await signIn(t, { email: "auditor@example.com", password: "auditor-password" });
    const res = await getJson(t, apiPaths.admin.ledgerHealth, { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    const health = ledgerHealthSchema.parse(res.json());
    expect(health).toMatchObject({
      booksBalanced: true,
      totalSats: "0",
      negativeCustomerAccounts: 0,
      mismatchedAccounts: 0,
    });
    await expectBooksBalanced(t.db);
  });

  it("is refused to customers (403) and to the signed-out (401)", async () => {
    const customer = await testCustomer(t);
    expect((await getJson(t, apiPaths.admin.ledgerHealth, { cookie: customer.token })).statusCode).toBe(403);
    expect((await getJson(t, apiPaths.admin.ledgerHealth)).statusCode).toBe(401);
  });
});
