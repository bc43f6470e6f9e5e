import { randomUUID } from "node:crypto";
import { apiPaths, type Transaction, transactionPageSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeClock, getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  expectBooksBalanced,
  type TestCustomer,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { depositAddressFor } from "../addresses/index.js";
import { findUserById } from "../auth/index.js";
import { sendBitcoin } from "../wallet/index.js";

let t: TestApp;
let dora: TestCustomer;
let eve: TestCustomer;
let frank: TestCustomer;
let eveAddress: string;
// Several sends share one instant: the pages must still never repeat or skip a row.
const clock = fakeClock(new Date("2030-03-01T09:00:00.000Z"));

async function send(from: TestCustomer, to: string, amountSats: string, note?: string) {
  const sender = await findUserById(t.db, from.user.id);
  if (sender === undefined) throw new Error("no sender");
  const body = { recipient: to, amountSats, idempotencyKey: randomUUID(), ...(note ? { note } : {}) };
  return sendBitcoin({ ctx: walletContext(t, clock), sender, body });
}

beforeAll(async () => {
  t = await createTestApp();
  dora = await testCustomer(t, { name: "Dora Explorer", funds: 100_000n });
  eve = await testCustomer(t, { name: "Eve Listener", funds: 100_000n });
  frank = await testCustomer(t, { name: "Frank Bystander", funds: 100_000n });
  eveAddress = await depositAddressFor({ ctx: walletContext(t), userId: eve.user.id });
  for (let i = 0; i < 12; i++) {
    await send(dora, eve.user.username, String(100 + i), `to eve ${i}`);
    if (i % 3 === 0) clock.advance(60_000);
    await send(eve, dora.user.username, String(200 + i), `to dora ${i}`);
  }
  clock.advance(60_000);
  await send(dora, eveAddress, "999", "by address");
  await send(frank, eve.user.username, "5", "frank's own");
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function page(customer: TestCustomer, query: string) {
  const res = await getJson(t, `${apiPaths.transactions.list}?${query}`, { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return transactionPageSchema.parse(res.json());
}

async function everything(customer: TestCustomer, query: string, limit: number): Promise<Transaction[]> {
  const rows: Transaction[] = [];
  let cursor: string | null = null;
  do {
    const suffix: string = cursor === null ? "" : `&cursor=${cursor}`;
    const result = await page(customer, `${query}&limit=${limit}${suffix}`);
    expect(result.items.length).toBeLessThanOrEqual(limit);
    rows.push(...result.items);
    cursor = result.nextCursor;
  } while (cursor !== null);
  return rows;
}

describe("GET /api/transactions", () => {
  it("lists the customer's own rows, newest first, 20 to a page by default", async () => {
    const first = await page(dora, "");
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    expect(first.items[0]).toMatchObject({ type: "send", amountSats: "999", note: "by address" });
    const times = first.items.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("pages through everything without a gap or a repeat, whatever the page size", async () => {
    const all = await everything(dora, "filter=all", 100);
    // 12 sent + 12 received + 1 by address + the opening balance.
    expect(all).toHaveLength(26);
    for (const limit of [1, 7, 25]) {
      const paged = await everything(dora, "filter=all", limit);
      expect(paged.map((row) => row.id)).toEqual(all.map((row) => row.id));
    }
  });

  it("filters sent and received", async () => {
    const sent = await everything(dora, "filter=sent", 5);
    expect(sent).toHaveLength(13);
    expect(sent.every((row) => row.type === "send")).toBe(true);
    const received = await everything(dora, "filter=received", 5);
    expect(received).toHaveLength(13);
    expect(received.every((row) => row.type === "receive")).toBe(true);
  });

  it("searches the counterparty's username and the address, case-insensitively, within the filter", async () => {
    const byName = await everything(dora, `q=${eve.user.username.slice(1, 6).toUpperCase()}`, 50);
    expect(byName).toHaveLength(25);
    expect(byName.every((row) => row.counterparty.username === eve.user.username)).toBe(true);
    const byAddress = await everything(dora, `q=${eveAddress.slice(10, 22)}`, 50);
    expect(byAddress.map((row) => row.amountSats)).toEqual(["999"]);
    const sentToEve = await everything(dora, `filter=received&q=${eve.user.username}`, 50);
    expect(sentToEve).toHaveLength(12);
    expect((await page(dora, "q=nobody-like-this")).items).toEqual([]);
  });

  it("searches the counterparty's name, any word of it, in any case and any order (issue 21)", async () => {
    const eves = await everything(dora, "filter=all", 100);
    const withEve = eves.filter((row) => row.counterparty.name === "Eve Listener");
    expect(withEve).toHaveLength(25);
    for (const q of ["Eve Listener", "listener", "LISTEN", "listener eve", "  eve   list  "]) {
      const found = await everything(dora, `q=${encodeURIComponent(q)}`, 50);
      expect(
        found.map((row) => row.id),
        q,
      ).toEqual(withEve.map((row) => row.id));
    }
    // Every word must be found: a name and a word it does not hold find nothing.
    expect((await page(dora, `q=${encodeURIComponent("Eve Explorer")}`)).items).toEqual([]);
  });

  it("searches the note, and a word of the name with a word of the note", async () => {
    const byNote = await everything(dora, `q=${encodeURIComponent("by address")}`, 50);
    expect(byNote.map((row) => row.note)).toEqual(["by address"]);
    // "to dora 0" ... "to dora 11": the rows Eve sent Dora, not those Dora sent Eve ("to eve 0" ...).
    const noteAndName = await everything(dora, `q=${encodeURIComponent("DORA listener")}`, 50);
    expect(noteAndName.map((row) => row.note).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `to dora ${i}`).sort(),
    );
    const opening = await everything(frank, `q=${encodeURIComponent("opening")}`, 50);
    expect(opening.map((row) => row.note)).toEqual(["Opening balance"]);
  });

  it("takes % and _ literally in a search", async () => {
    expect((await page(dora, `q=${encodeURIComponent("%")}`)).items).toEqual([]);
    expect((await page(dora, "q=_")).items).toEqual([]);
  });

  it("never shows another customer's rows", async () => {
    const franks = await everything(frank, "filter=all", 50);
    expect(franks.map((row) => row.note)).toEqual(["frank's own", "Opening balance"]);
    const doras = await everything(dora, "filter=all", 100);
    expect(doras.some((row) => row.note === "frank's own")).toBe(false);
  });

  it("refuses a cursor it did not make", async () => {
    const res = await getJson(t, `${apiPaths.transactions.list}?cursor=bm90LWEtY3Vyc29y`, {
      cookie: dora.token,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("is for signed-in customers", async () => {
    expect((await getJson(t, apiPaths.transactions.list)).statusCode).toBe(401);
  });
});

describe("GET /api/transactions/:transactionId", () => {
  it("answers the customer's own transaction", async () => {
    const [latest] = (await page(eve, "limit=1")).items;
    const res = await getJson(t, apiPaths.transactions.one(latest?.id ?? ""), { cookie: eve.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ transaction: latest });
  });

  it("matches the id case-insensitively: a UUID in capitals is the same transaction", async () => {
    const [latest] = (await page(eve, "limit=1")).items;
    const upper = (latest?.id ?? "").toUpperCase();
    expect(upper).not.toBe(latest?.id);
    const res = await getJson(t, apiPaths.transactions.one(upper), { cookie: eve.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ transaction: latest });
  });

  it("is 404 for another customer's transaction, exactly as for none at all", async () => {
    const [doras] = (await page(dora, "limit=1")).items;
    const foreign = await getJson(t, apiPaths.transactions.one(doras?.id ?? ""), { cookie: frank.token });
    const missing = await getJson(t, apiPaths.transactions.one(randomUUID()), { cookie: frank.token });
    const garbage = await getJson(t, apiPaths.transactions.one("not-an-id"), { cookie: frank.token });
    for (const res of [foreign, missing, garbage]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect(missing.json().error.code).toBe("NOT_FOUND");
  });
});
