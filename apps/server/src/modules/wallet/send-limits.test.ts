import { apiPaths, dailyLimitText, sendErrors } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sats } from "../../domain/money.js";
import { type FakeClock, fakeClock, getJson, postJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { uploadGood } from "../../test/kyc-helpers.js";
import { balanceOf, expectBooksBalanced, sendRequest, testCustomer } from "../../test/money-helpers.js";
import { kycReviewer } from "../kyc/index.js";

// The rolling 24-hour send limits of the verification levels, small here so the numbers read easily:
// level 1 may send 50,000 sat a day, level 2 (enhanced) 200,000.
/** A valid regtest address outside the bank (BIP173's P2WPKH example). */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock(new Date());
  t = await createTestApp({
    clock,
    config: { sendLimits: { level1: sats(50_000n), level2: sats(200_000n) } },
  });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

describe("the daily send limit", () => {
  it("lets exactly the limit through, transfers and withdrawals together, and refuses one sat more", async () => {
    const sender = await testCustomer(t, { funds: 500_000n });
    const payee = await testCustomer(t);
    expect(
      (await sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "30000" }))
        .statusCode,
    ).toBe(201);
    expect((await sendRequest(t, sender.token, { recipient: OUTSIDE, amountSats: "20000" })).statusCode).toBe(
      201,
    );
    const summary = (await getJson(t, apiPaths.wallet.summary, { cookie: sender.token })).json();
    expect(summary.sendLimit).toEqual({
      level: 1,
      dailyLimitSats: "50000",
      sentSats: "50000",
      remainingSats: "0",
    });

    const over = await sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "1" });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      error: { reason: "dailyLimit", fields: { amount: dailyLimitText(0n) } },
    });
    expect(dailyLimitText(5_000_000n)).toBe("You can send up to 0.05000000 BTC more today");
    expect(sendErrors.dailyLimit.title).toBe("Daily limit reached");
    // The balance, not the limit, still says "Insufficient funds" first.
    const tooMuch = await sendRequest(t, sender.token, {
      recipient: payee.user.username,
      amountSats: "999999",
    });
    expect(tooMuch.json()).toMatchObject({ error: { reason: "insufficientFunds" } });
    expect(await balanceOf(t, sender.token)).toBe(500_000n - 30_000n - 20_000n - 1_000n);
  });

  it("is a rolling 24 hours: what was sent a day and a moment ago no longer counts", async () => {
    const sender = await testCustomer(t, { funds: 500_000n });
    const payee = await testCustomer(t);
    expect(
      (await sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "50000" }))
        .statusCode,
    ).toBe(201);
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    // A day later the session has ended: the customer signs in again.
    const { token } = await signIn(t, sender.account);
    expect(
      (await sendRequest(t, token, { recipient: payee.user.username, amountSats: "1" })).json(),
    ).toMatchObject({ error: { reason: "dailyLimit" } });
    clock.advance(2000);
    expect(
      (await sendRequest(t, token, { recipient: payee.user.username, amountSats: "50000" })).statusCode,
    ).toBe(201);
  });

  it("holds under a burst of parallel sends: exactly what the limit allows goes through", async () => {
    const sender = await testCustomer(t, { funds: 500_000n });
    const payee = await testCustomer(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "10000" }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(await balanceOf(t, payee.token)).toBe(50_000n);
  });

  it("rises to the enhanced level's once its verification is approved", async () => {
    const sender = await testCustomer(t, { funds: 500_000n });
    const payee = await testCustomer(t);
    const document = await uploadGood(t, sender.token, "source_of_funds");
    const submitted = await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "enhanced",
        sourceOfFunds: "Salary from my employer, saved over five years.",
        documentId: document.id,
      },
      { cookie: sender.token },
    );
    expect(submitted.statusCode, submitted.body).toBe(201);
    await kycReviewer({ db: t.db, clock, storage: t.storage }, { error: () => undefined }).now();
    await expect
      .poll(
        async () => (await getJson(t, apiPaths.wallet.summary, { cookie: sender.token })).json().sendLimit,
      )
      .toMatchObject({ level: 2, dailyLimitSats: "200000" });
    expect(
      (await sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "200000" }))
        .statusCode,
    ).toBe(201);
    expect(
      (await sendRequest(t, sender.token, { recipient: payee.user.username, amountSats: "1" })).statusCode,
    ).toBe(400);
  });
});
