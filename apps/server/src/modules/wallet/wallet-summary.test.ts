import { apiPaths } from "@satsbank/shared";
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

describe("GET /api/wallet", () => {
  it("shows a new customer a zero balance, no sending until verified, and the fixed price", async () => {
    const customer = await testCustomer(t, { verified: false });
    const res = await getJson(t, apiPaths.wallet.summary, { cookie: customer.token });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      balanceSats: "0",
      spendableSats: "0",
      canSend: false,
      price: { usdPerBtc: "42389.57", stale: false, source: "fixed" },
    });
    expect(new Date(body.price.asOf).getTime()).not.toBeNaN();
  });

  it("shows the ledger balance, all of it spendable inside the bank", async () => {
    const customer = await testCustomer(t, { funds: 746_000n });
    const other = await testCustomer(t);
    await sendRequest(t, customer.token, { recipient: other.user.username, amountSats: "6000" });
    const body = (await getJson(t, apiPaths.wallet.summary, { cookie: customer.token })).json();
    expect(body).toMatchObject({ balanceSats: "740000", spendableSats: "740000", canSend: true });
    await expectBooksBalanced(t.db);
  });

  it("is for signed-in customers only", async () => {
    expect((await getJson(t, apiPaths.wallet.summary)).statusCode).toBe(401);
    const ctx = {
      db: t.db,
      clock: systemClock,
      limiter: createRateLimiter({ db: t.db, clock: systemClock }),
    };
    await createStaff({
      ctx,
      name: "Staff",
      email: "wallet-staff@example.com",
      password: "staff-password-1",
    });
    const { token } = await signIn(t, { email: "wallet-staff@example.com", password: "staff-password-1" });
    expect((await getJson(t, apiPaths.wallet.summary, { cookie: token })).statusCode).toBe(403);
  });
});
