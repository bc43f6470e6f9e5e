import { randomUUID } from "node:crypto";
import {
  apiPaths,
  type ErrorReason,
  insufficientFundsText,
  sendErrors,
  sendMessages,
} from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  quoteRequest,
  sendRequest,
  type TestCustomer,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { depositAddressFor } from "../addresses/index.js";

let t: TestApp;
let alice: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  alice = await testCustomer(t, { name: "Alice Sender", funds: 746_000n });
  bob = await testCustomer(t, { name: "Bob Receiver" });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function transferCount(): Promise<number> {
  const result = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
  return Number(result.rows[0]?.n);
}

function fieldError(
  res: { statusCode: number; json: () => unknown },
  field: string,
  text: string,
  reason?: ErrorReason,
) {
  expect(res.statusCode).toBe(400);
  const error = { code: "VALIDATION_ERROR", fields: { [field]: text }, ...(reason ? { reason } : {}) };
  expect(res.json()).toMatchObject({ error });
}

describe("POST /api/wallet/send/quote", () => {
  it("names the recipient and prices the send: no fee inside the bank", async () => {
    const res = await quoteRequest(t, alice.token, {
      recipient: ` ${bob.user.username.toUpperCase()} `,
      amountSats: "1000",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: "transfer",
      payee: { username: bob.user.username, name: "Bob Receiver" },
      address: null,
      amountSats: "1000",
      feeSats: "0",
      totalSats: "1000",
      withdrawal: null,
    });
  });

  it("says how much can be sent when the amount is more than the balance", async () => {
    const res = await quoteRequest(t, alice.token, { recipient: bob.user.username, amountSats: "746001" });
    fieldError(res, "amount", insufficientFundsText(746_000n), "insufficientFunds");
    expect(res.json().error.fields.amount).toBe("You can only send up to 0.00746000 BTC");
    // More satoshis than exist is the same answer, never a crash.
    const huge = await quoteRequest(t, alice.token, {
      recipient: bob.user.username,
      amountSats: "999999999999999999",
    });
    fieldError(huge, "amount", insufficientFundsText(746_000n));
  });

  it("refuses zero, unknown recipients, mistyped addresses and the customer themselves, all at once", async () => {
    fieldError(
      await quoteRequest(t, alice.token, { recipient: bob.user.username, amountSats: "0" }),
      "amount",
      sendMessages.invalidAmount.text,
      "invalidAmount",
    );
    // Both fields are reported; the reason names the first, the one the message says.
    const unknown = await quoteRequest(t, alice.token, { recipient: "nobodyhere", amountSats: "0" });
    fieldError(unknown, "recipient", sendErrors.unknownRecipient.text, "unknownRecipient");
    expect(unknown.json().error.fields.amount).toBe(sendMessages.invalidAmount.text);
    fieldError(
      await quoteRequest(t, alice.token, { recipient: "not a name!", amountSats: "1" }),
      "recipient",
      sendErrors.unknownRecipient.text,
      "unknownRecipient",
    );
    fieldError(
      await quoteRequest(t, alice.token, { recipient: alice.user.username, amountSats: "1" }),
      "recipient",
      sendErrors.selfSend.text,
      "selfSend",
    );
    // A regtest address with one character changed: its checksum fails.
    const mistyped = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppx";
    fieldError(
      await quoteRequest(t, alice.token, { recipient: mistyped, amountSats: "1000" }),
      "recipient",
      sendErrors.invalidAddress.text,
      "invalidAddress",
    );
    const mainnet = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
    fieldError(
      await quoteRequest(t, alice.token, { recipient: mainnet, amountSats: "1" }),
      "recipient",
      sendErrors.otherNetworkAddress.text,
      "otherNetworkAddress",
    );
  });

  it("is refused (403) until the customer is verified; receiving needs nothing", async () => {
    const unverified = await testCustomer(t, { name: "New Person", verified: false });
    const res = await quoteRequest(t, unverified.token, { recipient: bob.user.username, amountSats: "1" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: { code: "FORBIDDEN", message: sendErrors.notVerified.text, reason: "notVerified" },
    });
    const sent = await sendRequest(t, alice.token, { recipient: unverified.user.username, amountSats: "5" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(await balanceOf(t, unverified.token)).toBe(5n);
    const send = await sendRequest(t, unverified.token, { recipient: alice.user.username, amountSats: "5" });
    expect(send.statusCode).toBe(403);
    expect(send.json().error.message).toBe(sendErrors.notVerified.text);
    expect(await balanceOf(t, unverified.token)).toBe(5n);
  });

  it("needs a signed-in customer", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: apiPaths.wallet.quote,
      payload: { recipient: "x", amountSats: "1" },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/wallet/send", () => {
  it("moves the amount to the recipient by username and answers the sender's transaction", async () => {
    const [a, b] = [await balanceOf(t, alice.token), await balanceOf(t, bob.token)];
    const res = await sendRequest(t, alice.token, {
      recipient: bob.user.username,
      amountSats: "1500",
      note: " Lunch ",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { transaction } = res.json();
    expect(transaction).toMatchObject({
      type: "send",
      amountSats: "1500",
      feeSats: "0",
      status: "completed",
      counterparty: { username: bob.user.username, name: "Bob Receiver", address: null },
      note: "Lunch",
      txid: null,
    });
    expect(await balanceOf(t, alice.token)).toBe(a - 1500n);
    expect(await balanceOf(t, bob.token)).toBe(b + 1500n);
    // The recipient sees the other side.
    const history = await getJson(t, `${apiPaths.transactions.list}?limit=1`, { cookie: bob.token });
    expect(history.json().items[0]).toMatchObject({
      type: "receive",
      amountSats: "1500",
      counterparty: { username: alice.user.username, name: "Alice Sender", address: null },
      note: "Lunch",
    });
    await expectBooksBalanced(t.db);
  });

  it("sends to a customer's deposit address", async () => {
    const address = await depositAddressFor({ ctx: walletContext(t), userId: bob.user.id });
    const before = await balanceOf(t, bob.token);
    const quote = await quoteRequest(t, alice.token, { recipient: address.toUpperCase(), amountSats: "700" });
    // Another customer's deposit address: a transfer inside the bank, free, naming the payee.
    expect(quote.json()).toMatchObject({
      kind: "transfer",
      payee: { username: bob.user.username, name: "Bob Receiver" },
      address,
      feeSats: "0",
      totalSats: "700",
    });
    const res = await sendRequest(t, alice.token, { recipient: address, amountSats: "700" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().transaction.counterparty).toEqual({
      username: bob.user.username,
      name: "Bob Receiver",
      address,
    });
    expect(await balanceOf(t, bob.token)).toBe(before + 700n);
    await expectBooksBalanced(t.db);
  });

  it("refuses what the quote refuses, and nothing moves", async () => {
    const before = await balanceOf(t, alice.token);
    const cases = [
      [{ recipient: "ghostuser", amountSats: "10" }, "recipient", sendErrors.unknownRecipient.text],
      [{ recipient: alice.user.username, amountSats: "10" }, "recipient", sendErrors.selfSend.text],
      [{ recipient: bob.user.username, amountSats: "0" }, "amount", sendMessages.invalidAmount.text],
      [
        { recipient: bob.user.username, amountSats: String(before + 1n) },
        "amount",
        insufficientFundsText(before),
      ],
    ] as const;
    for (const [body, field, text] of cases) fieldError(await sendRequest(t, alice.token, body), field, text);
    expect(await balanceOf(t, alice.token)).toBe(before);
    await expectBooksBalanced(t.db);
  });

  it("answers a repeated key with the first transaction and sends once; another body is a 409", async () => {
    const before = await balanceOf(t, bob.token);
    const body = {
      idempotencyKey: randomUUID(),
      recipient: bob.user.username,
      amountSats: "250",
      note: "once",
    };
    const first = await sendRequest(t, alice.token, body);
    const again = await sendRequest(t, alice.token, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().transaction.id).toBe(first.json().transaction.id);
    expect(await balanceOf(t, bob.token)).toBe(before + 250n);

    const reused = await sendRequest(t, alice.token, { ...body, amountSats: "251" });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({
      error: { code: "CONFLICT", message: sendErrors.keyReused.text, reason: "keyReused" },
    });
    expect(await balanceOf(t, bob.token)).toBe(before + 250n);
    // Keys belong to their customer: bob may use the same key for his own send.
    const bobsOwn = await sendRequest(t, bob.token, {
      ...body,
      recipient: alice.user.username,
      amountSats: "1",
    });
    expect(bobsOwn.statusCode, bobsOwn.body).toBe(201);
    await expectBooksBalanced(t.db);
  });

  it("answers a retry that types the recipient another way as the same send (201), sending once", async () => {
    const before = await balanceOf(t, bob.token);
    const transfersBefore = await transferCount();
    const body = { idempotencyKey: randomUUID(), recipient: bob.user.username, amountSats: "40" };
    const first = await sendRequest(t, alice.token, body);
    const shouted = await sendRequest(t, alice.token, {
      ...body,
      recipient: ` ${bob.user.username.toUpperCase()} `,
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(shouted.statusCode, shouted.body).toBe(201);
    expect(shouted.json().transaction.id).toBe(first.json().transaction.id);
    expect(await transferCount()).toBe(transfersBefore + 1);
    expect(await balanceOf(t, bob.token)).toBe(before + 40n);
    // By deposit address, capitals (as QR codes write it) are the same address too.
    const address = await depositAddressFor({ ctx: walletContext(t), userId: bob.user.id });
    const byAddress = { idempotencyKey: randomUUID(), recipient: address, amountSats: "41" };
    const lower = await sendRequest(t, alice.token, byAddress);
    const upper = await sendRequest(t, alice.token, { ...byAddress, recipient: address.toUpperCase() });
    expect(upper.statusCode, upper.body).toBe(201);
    expect(upper.json().transaction.id).toBe(lower.json().transaction.id);
    expect(await transferCount()).toBe(transfersBefore + 2);
    expect(await balanceOf(t, bob.token)).toBe(before + 81n);
    await expectBooksBalanced(t.db);
  });

  it("can send the whole balance, and then nothing more", async () => {
    const carol = await testCustomer(t, { name: "Carol Whole", funds: 3_000n });
    const all = await sendRequest(t, carol.token, { recipient: bob.user.username, amountSats: "3000" });
    expect(all.statusCode, all.body).toBe(201);
    expect(await balanceOf(t, carol.token)).toBe(0n);
    fieldError(
      await sendRequest(t, carol.token, { recipient: bob.user.username, amountSats: "1" }),
      "amount",
      insufficientFundsText(0n),
      "insufficientFunds",
    );
    await expectBooksBalanced(t.db);
  });

  it("validates the body against the shared contract", async () => {
    const res = await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "1.5" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("amountSats");
    const noKey = await t.app.inject({
      method: "POST",
      url: apiPaths.wallet.send,
      payload: { recipient: bob.user.username, amountSats: "1", idempotencyKey: "not-a-uuid" },
      cookies: { satsbank_session: alice.token },
    });
    expect(noKey.statusCode).toBe(400);
  });
});
