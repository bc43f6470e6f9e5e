import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDbTransaction } from "../../db/db-transaction.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { insertCustomer } from "../../test/money-helpers.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The history bench (apps/server/bench/history.bench.ts) shows why: a busy customer's search read
// thousands of rows from the table; from the index it reads none.
describe("a customer's history search", () => {
  it("can walk the customer's index alone: it holds the type, the counterparty's username and the address", async () => {
    const definition = await t.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'wallet_transactions_user_created_idx'`,
    );
    expect(definition.rows[0]?.indexdef).toMatch(
      /\(user_id, created_at DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(type, counterparty_username, address\)/,
    );
    const user = await insertCustomer(t.db);
    // The shape of listWalletTransactions' id look-up, with the other plans switched off: the index serves
    // it without the table when the pages are all-visible.
    const plan = await inDbTransaction(t.db, async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return tx.execute<{ "QUERY PLAN": string }>(sql`explain select id from wallet_transactions
        where user_id = ${user.id} and type = 'send'
          and (counterparty_username ilike '%ali%' or address ilike '%ali%')
        order by created_at desc nulls last, id desc nulls last limit 21`);
    });
    expect(plan.rows.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(
      /Index Only Scan using wallet_transactions_user_created_idx/,
    );
  });

  it("is planned from finer statistics on the columns it matches (migration 0019)", async () => {
    const targets = await t.db.execute<{ attname: string; target: string }>(
      sql`select attname, attstattarget::text as target from pg_attribute
           where attrelid = 'wallet_transactions'::regclass and attname in ('address', 'counterparty_username')
           order by attname`,
    );
    expect(targets.rows).toEqual([
      { attname: "address", target: "1000" },
      { attname: "counterparty_username", target: "1000" },
    ]);
  });
});
