import { randomUUID } from "node:crypto";
import {
  apiPaths,
  LABEL_MAX_LENGTH,
  labelMessages,
  receiveInfoSchema,
  textMessages,
  transactionPageSchema,
} from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, SESSION_COOKIE } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { insertConnectedWallet, insertDepositAddress, insertRow } from "../../test/record-rows.js";

let t: TestApp;
let ann: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  t = await createTestApp();
  ann = await testCustomer(t, { name: "Ann Labeller" });
  bob = await testCustomer(t, { name: "Bob Other" });
});
afterAll(() => t.close());

function put(url: string, token: string, label: unknown) {
  return t.app.inject({ method: "PUT", url, payload: { label }, cookies: { [SESSION_COOKIE]: token } });
}

async function transaction(token: string, id: string) {
  const res = await getJson(t, apiPaths.transactions.one(id), { cookie: token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().transaction;
}

async function search(token: string, q: string): Promise<string[]> {
  const res = await getJson(t, `${apiPaths.transactions.list}?q=${encodeURIComponent(q)}`, { cookie: token });
  expect(res.statusCode, res.body).toBe(200);
  return transactionPageSchema.parse(res.json()).items.map((item) => item.id);
}

describe("PUT /api/transactions/:transactionId/label", () => {
  it("sets, replaces and removes the customer's label, trimmed, and the transaction shows it", async () => {
    const id = await insertRow(t, ann.user.id, { note: "From a friend" });
    const url = apiPaths.transactions.label(id);

    const set = await put(url, ann.token, "  Rent for March ");
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ label: "Rent for March" });
    expect(await transaction(ann.token, id)).toMatchObject({
      label: "Rent for March",
      note: "From a friend",
    });

    expect((await put(url, ann.token, "Rent for April")).json()).toEqual({ label: "Rent for April" });
    expect((await transaction(ann.token, id)).label).toBe("Rent for April");

    expect((await put(url, ann.token, "")).json()).toEqual({ label: null });
    expect(await transaction(ann.token, id)).toMatchObject({ label: null, note: "From a friend" });
  });

  it("takes 255 characters and refuses 256 or hostile text with the label's message, changing nothing", async () => {
    const id = await insertRow(t, ann.user.id);
    const url = apiPaths.transactions.label(id);
    const longest = "é".repeat(LABEL_MAX_LENGTH);
    expect((await put(url, ann.token, longest)).json()).toEqual({ label: longest });

    for (const [label, message] of [
      ["x".repeat(LABEL_MAX_LENGTH + 1), labelMessages.tooLong],
      ["\u202eevil", textMessages.hostile],
      ["two\nlines", textMessages.hostile],
      ["broken \ud800", textMessages.unpairedSurrogate],
    ] as const) {
      const res = await put(url, ann.token, label);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error.fields.label, label).toBe(message);
    }
    expect((await put(url, ann.token, 42)).statusCode).toBe(400);
    expect((await transaction(ann.token, id)).label).toBe(longest);
  });

  it("answers another customer's row exactly like an unknown one (404), and leaves it alone", async () => {
    const bobs = await insertRow(t, bob.user.id);
    await put(apiPaths.transactions.label(bobs), bob.token, "Bob's own");

    const answers = [];
    for (const id of [bobs, randomUUID(), "not-a-uuid"]) {
      const res = await put(apiPaths.transactions.label(id), ann.token, "Mine now");
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 404,
      body: { error: { code: "NOT_FOUND", message: "Transaction not found" } },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await transaction(bob.token, bobs)).label).toBe("Bob's own");

    const signedOut = await t.app.inject({
      method: "PUT",
      url: apiPaths.transactions.label(bobs),
      payload: { label: "x" },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("makes the label searchable in the history, and unsearchable once removed", async () => {
    const id = await insertRow(t, ann.user.id);
    await insertRow(t, ann.user.id);
    expect(await search(ann.token, "Bicycle")).toEqual([]);

    await put(apiPaths.transactions.label(id), ann.token, "New bicycle for Sam");
    expect(await search(ann.token, "bicycle sam")).toEqual([id]);
    // Another customer's search never finds it.
    expect(await search(bob.token, "bicycle")).toEqual([]);

    await put(apiPaths.transactions.label(id), ann.token, "");
    expect(await search(ann.token, "bicycle")).toEqual([]);
  });
});

describe("PUT /api/labels/addresses/:address", () => {
  async function receive(token: string) {
    const res = await getJson(t, apiPaths.wallet.receive, { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    return receiveInfoSchema.parse(res.json());
  }

  it('labels the customer\'s deposit address: the receive screen shows it; "" removes it', async () => {
    const customer = await testCustomer(t, { name: "Cat Receiver" });
    const { address } = await receive(customer.token);

    const res = await put(apiPaths.labels.address(address), customer.token, " Savings jar ");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ label: "Savings jar" });
    expect(await receive(customer.token)).toMatchObject({ address, label: "Savings jar" });

    expect((await put(apiPaths.labels.address(address), customer.token, "")).json()).toEqual({ label: null });
    expect((await receive(customer.token)).label).toBeNull();
  });

  it("labels the connected wallet's address, and refuses a too long or hostile label", async () => {
    const customer = await testCustomer(t, { name: "Dan Connected" });
    const wallet = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
    await insertConnectedWallet(t, customer.user.id, wallet);

    expect((await put(apiPaths.labels.address(wallet), customer.token, "Cold storage")).json()).toEqual({
      label: "Cold storage",
    });
    const tooLong = await put(apiPaths.labels.address(wallet), customer.token, "y".repeat(256));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.label).toBe(labelMessages.tooLong);
    const hostile = await put(apiPaths.labels.address(wallet), customer.token, "a\u0000b");
    expect(hostile.json().error.fields.label).toBe(textMessages.hostile);

    const exported = await getJson(t, apiPaths.labels.bip329, { cookie: customer.token });
    expect(exported.body).toBe(`${JSON.stringify({ type: "addr", ref: wallet, label: "Cold storage" })}\n`);
  });

  it("answers another customer's addresses and unknown ones alike: 404, nothing changed", async () => {
    const owner = await testCustomer(t, { name: "Eve Owner" });
    const deposit = (await receive(owner.token)).address;
    const wallet = "bcrt1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qzf7ptk";
    await insertConnectedWallet(t, owner.user.id, wallet);
    const extra = "bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl";
    await insertDepositAddress(t, owner.user.id, extra);

    for (const address of [deposit, wallet, extra, "bcrt1qnotanaddress", "../wallet", "%00"]) {
      const res = await put(apiPaths.labels.address(address), ann.token, "Not mine");
      expect(res.statusCode, address).toBe(404);
      expect(res.json(), address).toEqual({ error: { code: "NOT_FOUND", message: "Address not found" } });
    }
    expect((await receive(owner.token)).label).toBeNull();
    const exported = await getJson(t, apiPaths.labels.bip329, { cookie: owner.token });
    expect(exported.body).toBe("");
  });
});
