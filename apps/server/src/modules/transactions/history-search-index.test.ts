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

/** The plan PostgreSQL (or PGlite) makes for a query, with the plans named switched off. */
async function planOf(query: ReturnType<typeof sql>, off: readonly string[]): Promise<string> {
  const plan = await inDbTransaction(t.db, async (tx) => {
    for (const setting of off) await tx.execute(sql.raw(`set local ${setting} = off`));
    return tx.execute<{ "QUERY PLAN": string }>(sql`explain ${query}`);
  });
  return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
}

// The history bench (apps/server/bench/history.bench.ts) shows why: a busy customer's search read
// thousands of rows from the table; from the index it reads none.
describe("a customer's history search", () => {
  it("can walk the customer's index alone: it holds the type and the search text (name, username, address, note)", async () => {
    const definition = await t.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'wallet_transactions_user_created_idx'`,
    );
    expect(definition.rows[0]?.indexdef).toMatch(
      /\(user_id, created_at DESC NULLS LAST, id DESC NULLS LAST\) INCLUDE \(type, search_text\)/,
    );
    const user = await insertCustomer(t.db);
    // The shape of listWalletTransactions' id look-up for "Alice Johnson", with the other plans switched
    // off: the index serves it without the table when the pages are all-visible.
    const plan = await planOf(
      sql`select id from wallet_transactions
        where user_id = ${user.id} and type = 'send'
          and search_text ilike '%alice%' and search_text ilike '%johnson%'
        order by created_at desc nulls last, id desc nulls last limit 21`,
      ["enable_seqscan", "enable_bitmapscan"],
    );
    expect(plan).toMatch(/Index Only Scan using wallet_transactions_user_created_idx/);
  });

  it("finds a rare word by its trigrams instead, as the planner judges it", async () => {
    // A busy customer: 3,000 payments from others, one of them from Alice Johnson.
    const user = await insertCustomer(t.db);
    await t.db.execute(sql`insert into wallet_transactions
        (id, user_id, type, status, amount, counterparty_name, counterparty_username, note, created_at)
      select gen_random_uuid(), ${user.id}, 'receive', 'completed', 1000,
             case when n = 1500 then 'Alice Johnson' else 'Customer ' || n end,
             case when n = 1500 then 'alicej' else 'customer' || n end,
             'lunch ' || n, now() - n * interval '1 minute'
        from generate_series(1, 3000) as n`);
    // As autovacuum leaves it: the trigram index's pending entries merged in, the statistics taken.
    await t.db.execute(sql`vacuum analyze wallet_transactions`);
    const plan = await planOf(
      sql`select id from wallet_transactions
        where user_id = ${user.id} and search_text ilike '%johnson%'
        order by created_at desc nulls last, id desc nulls last limit 21`,
      // A table this small is cheapest read whole; at a million rows (the bench) it is not.
      ["enable_seqscan"],
    );
    expect(plan).toMatch(/Bitmap Index Scan on wallet_transactions_search_trgm_idx/);
  });

  it("has the name, the username, the address and the note in the search text, kept by the database", async () => {
    const column = await t.db.execute<{ is_generated: string; generation_expression: string }>(
      sql`select is_generated, generation_expression from information_schema.columns
           where table_name = 'wallet_transactions' and column_name = 'search_text'`,
    );
    expect(column.rows[0]?.is_generated).toBe("ALWAYS");
    for (const part of ["counterparty_name", "counterparty_username", "address", "note"])
      expect(column.rows[0]?.generation_expression).toContain(part);
  });

  it("is planned from finer statistics on the columns it matches (migrations 0019, 0028)", async () => {
    const targets = await t.db.execute<{ attname: string; target: string }>(
      sql`select attname, attstattarget::text as target from pg_attribute
           where attrelid = 'wallet_transactions'::regclass
             and attname in ('address', 'counterparty_username', 'search_text')
           order by attname`,
    );
    expect(targets.rows).toEqual([
      { attname: "address", target: "1000" },
      { attname: "counterparty_username", target: "1000" },
      { attname: "search_text", target: "1000" },
    ]);
  });
});
