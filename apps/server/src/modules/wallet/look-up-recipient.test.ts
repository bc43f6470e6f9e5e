import { apiPaths, sendErrors } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  type TestCustomer,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { depositAddressFor } from "../addresses/index.js";

// The send form asks whom a recipient names and what the network fee is before any amount is typed, so
// that it shows the fee, the total and what Max fills in as soon as the recipient is known.

/** A valid regtest address outside the bank (BIP173's P2WPKH example). */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  alice = await testCustomer(t, { name: "Alice Sender", funds: 50_000n });
  bob = await testCustomer(t, { name: "Bob Receiver" });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

function lookUp(token: string, recipient: unknown) {
  return postJson(t, apiPaths.wallet.recipient, { recipient }, { cookie: token });
}

describe("POST /api/wallet/send/recipient", () => {
  it("names the customer a username reaches: inside the bank, no network fee", async () => {
    const res = await lookUp(alice.token, ` ${bob.user.username.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: "transfer",
      payee: { username: bob.user.username, name: "Bob Receiver" },
      address: null,
      feeSats: "0",
    });
  });

  it("a customer's deposit address is a transfer too: named, free", async () => {
    const address = await depositAddressFor({ ctx: walletContext(t), userId: bob.user.id });
    const res = await lookUp(alice.token, address);
    expect(res.json()).toEqual({
      kind: "transfer",
      payee: { username: bob.user.username, name: "Bob Receiver" },
      address,
      feeSats: "0",
    });
  });

  it("an address outside the bank is a withdrawal with the configured network fee", async () => {
    const res = await lookUp(alice.token, OUTSIDE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: "withdrawal", payee: null, address: OUTSIDE, feeSats: "1000" });
  });

  it("refuses what a quote refuses of the recipient, on the recipient field, and moves nothing", async () => {
    const before = await balanceOf(t, alice.token);
    const cases = [
      ["nobodyhere", "unknownRecipient"],
      [alice.user.username, "selfSend"],
      ["bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppx", "invalidAddress"],
      ["bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu", "otherNetworkAddress"],
    ] as const;
    for (const [recipient, reason] of cases) {
      const res = await lookUp(alice.token, recipient);
      expect(res.statusCode, recipient).toBe(400);
      expect(res.json(), recipient).toEqual({
        error: {
          code: "VALIDATION_ERROR",
          message: sendErrors[reason].text,
          fields: { recipient: sendErrors[reason].text },
          reason,
        },
      });
    }
    expect((await lookUp(alice.token, " ")).statusCode).toBe(400);
    expect(await balanceOf(t, alice.token)).toBe(before);
  });

  it("is refused (403) to a customer who may not send, as the quote is", async () => {
    const unverified = await testCustomer(t, { name: "New Person", verified: false });
    const res = await lookUp(unverified.token, bob.user.username);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ reason: "notVerified" });
  });

  it("needs a signed-in customer", async () => {
    const res = await postJson(t, apiPaths.wallet.recipient, { recipient: bob.user.username });
    expect(res.statusCode).toBe(401);
  });
});
