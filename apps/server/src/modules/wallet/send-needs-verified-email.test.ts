import { apiPaths, sendErrors } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, mailedVerificationToken, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  quoteRequest,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";

let t: TestApp;
let bob: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  bob = await testCustomer(t, { name: "Bob Receiver" });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

describe("sending needs a verified email", () => {
  it("refuses a quote and a send until the mailed link is opened, then allows them", async () => {
    // Identity and address verified, money in the account: only the email is missing.
    const carol = await testCustomer(t, { name: "Carol Unconfirmed", emailVerified: false, funds: 10_000n });
    const refusal = {
      error: { code: "FORBIDDEN", message: sendErrors.emailNotVerified.text, reason: "emailNotVerified" },
    };

    const quote = await quoteRequest(t, carol.token, { recipient: bob.user.username, amountSats: "1000" });
    expect(quote.statusCode).toBe(403);
    expect(quote.json()).toEqual(refusal);
    const send = await sendRequest(t, carol.token, { recipient: bob.user.username, amountSats: "1000" });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toEqual(refusal);
    expect(await balanceOf(t, carol.token)).toBe(10_000n);
    expect(await balanceOf(t, bob.token)).toBe(0n);

    // Receiving needs nothing; the balance still shows.
    const summary = await getJson(t, apiPaths.wallet.summary, { cookie: carol.token });
    expect(summary.statusCode).toBe(200);

    const token = await mailedVerificationToken(t, carol.user.email);
    expect((await postJson(t, apiPaths.auth.verifyEmail, { token })).statusCode).toBe(200);

    const allowed = await quoteRequest(t, carol.token, { recipient: bob.user.username, amountSats: "1000" });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const sent = await sendRequest(t, carol.token, { recipient: bob.user.username, amountSats: "1000" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await balanceOf(t, carol.token)).toBe(9_000n);
    expect(await balanceOf(t, bob.token)).toBe(1_000n);
  });

  it("names the email first when identity is not verified either", async () => {
    const dave = await testCustomer(t, { name: "Dave New", verified: false, emailVerified: false });
    const res = await quoteRequest(t, dave.token, { recipient: bob.user.username, amountSats: "1" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.reason).toBe("emailNotVerified");
  });
});
