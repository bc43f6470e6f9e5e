import { apiPaths, recentPayeesSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDbTransaction } from "../../db/db-transaction.js";
import { getJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  expectBooksBalanced,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { testStaff } from "../../test/staff-helpers.js";
import { recentPayeesQuery } from "../transactions/queries.js";

/** A valid regtest address outside the bank (BIP173's P2WPKH example): a withdrawal has no payee. */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let sender: TestCustomer;
const payees: TestCustomer[] = [];

beforeAll(async () => {
  t = await createTestApp();
  sender = await testCustomer(t, { name: "Sam Sender", funds: 1_000_000n });
  for (const name of ["Ann One", "Ben Two", "Cat Three", "Dan Four", "Eve Five", "Fay Six", "Gus Seven"])
    payees.push(await testCustomer(t, { name, funds: 10_000n }));
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function send(from: TestCustomer, recipient: string, amountSats = "1000") {
  const res = await sendRequest(t, from.token, { recipient, amountSats });
  expect(res.statusCode, res.body).toBe(201);
}

async function recent(customer: TestCustomer) {
  const res = await getJson(t, apiPaths.wallet.recentPayees, { cookie: customer.token });
  expect(res.statusCode, res.body).toBe(200);
  return recentPayeesSchema.parse(res.json()).payees;
}

function payee(index: number): () => TestCustomer {
  return () => {
    const customer = payees[index];
    if (customer === undefined) throw new Error("no payee");
    return customer;
  };
}
const [ann, ben, cat, dan, eve, fay, gus] = [0, 1, 2, 3, 4, 5, 6].map(payee) as [
  () => TestCustomer,
  () => TestCustomer,
  () => TestCustomer,
  () => TestCustomer,
  () => TestCustomer,
  () => TestCustomer,
  () => TestCustomer,
];
const named = (customer: TestCustomer) => ({ username: customer.user.username, name: customer.user.name });

describe("GET /api/wallet/payees/recent", () => {
  it("is empty before the first send", async () => {
    expect(await recent(sender)).toEqual([]);
  });

  it("lists the customers sent to last, newest first, each once, five at most", async () => {
    // Oldest first: Ann, Ben, Cat, Ann again, Dan, a withdrawal, Eve, Fay, Ben again, Gus.
    for (const payee of [ann, ben, cat, ann, dan]) await send(sender, payee().user.username);
    await send(sender, OUTSIDE, "5000");
    for (const payee of [eve, fay, ben, gus]) await send(sender, payee().user.username);
    // Payments received are not payees: Gus and Ann paying Sam change nothing.
    await send(gus(), sender.user.username);
    await send(ann(), sender.user.username);
    expect(await recent(sender)).toEqual([gus(), ben(), fay(), eve(), dan()].map(named));
  });

  it("shows each payee's name as it is now, and leaves out a deactivated one", async () => {
    await t.db.execute(sql`update users set name = 'Benjamin Two' where id = ${ben().user.id}`);
    await t.db.execute(sql`update users set status = 'inactive' where id = ${fay().user.id}`);
    expect(await recent(sender)).toEqual([
      named(gus()),
      { username: ben().user.username, name: "Benjamin Two" },
      named(eve()),
      named(dan()),
      // Fay left: the next one back is Ann (sent to before Dan).
      named(ann()),
    ]);
    await t.db.execute(sql`update users set status = 'active' where id = ${fay().user.id}`);
  });

  it("is the customer's own: another customer's payees are theirs", async () => {
    expect(await recent(gus())).toEqual([named(sender)]);
    expect(await recent(cat())).toEqual([]);
  });

  it("walks the customer's rows newest first through their index, each step from where the last stopped", async () => {
    const plan = await inDbTransaction(t.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ "QUERY PLAN": string }>(sql`explain ${recentPayeesQuery(sender.user.id, 5)}`);
    });
    const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    expect(text).not.toMatch(/Seq Scan on wallet_transactions/);
    // The first step and every next one: an index range of the customer's rows (by user_id, newest
    // first), the next one starting below the payee just found.
    const walks = text.match(/Index Scan using wallet_transactions_user_(type_)?created_idx/g) ?? [];
    expect(walks).toHaveLength(2);
    expect(text).toMatch(/Index Cond: \(\(user_id = '[0-9a-f-]+'::uuid\).*ROW\(created_at, id\) < ROW\(walk/);
  });

  it("is for signed-in customers", async () => {
    expect((await getJson(t, apiPaths.wallet.recentPayees)).statusCode).toBe(401);
    const staff = await testStaff(t);
    expect((await getJson(t, apiPaths.wallet.recentPayees, { cookie: staff.token })).statusCode).toBe(403);
  });
});
