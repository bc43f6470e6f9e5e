import { apiPaths, statementSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sats } from "../../domain/money.js";
import { customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { type BatchedTransfer, postTransferBatch } from "../../ledger/post-transfer-batch.js";
import { fakeClock, getJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import { ledgerBalanceAt, type TestCustomer, testCustomer } from "../../test/money-helpers.js";

// A customer with 10,000 transactions over three months: each month's closing balance is the ledger's at the
// month's end (a direct sum of their transfers), and the current month's is their account's balance.

const POSTINGS = 10_000;
const BATCHES = 10;

let t: TestApp;
let carol: TestCustomer;
let dave: TestCustomer;

beforeAll(async () => {
  const clock = fakeClock(new Date("2030-01-01T00:00:00.000Z"));
  t = await createTestApp({ clock });
  carol = await testCustomer(t, { name: "Carol Volume" });
  dave = await testCustomer(t, { name: "Dave Volume" });
  for (const customer of [carol, dave]) {
    await fundFromEquity({
      ctx: { db: t.db, clock },
      userId: customer.user.id,
      amount: sats(10_000_000n),
      idempotencyKey: `volume-opening:${customer.user.id}`,
    });
  }
  const accounts = await openCustomerAccounts(t.db, [carol.user.id, dave.user.id]);
  const [carolAccount, daveAccount] = [carol, dave].map((c) => customerAccountId(accounts, c.user.id)) as [
    number,
    number,
  ];
  const perBatch = POSTINGS / BATCHES;
  for (let batch = 0; batch < BATCHES; batch++) {
    // Every seventh day or so, from 3 January to 15 March.
    const at = new Date(Date.UTC(2030, 0, 3 + batch * 7, 13, 0, 0));
    const postings: BatchedTransfer[] = [];
    for (let i = 0; i < perBatch; i++) {
      const n = batch * perBatch + i;
      const carolPays = n % 3 !== 0;
      postings.push({
        debit: carolPays ? carolAccount : daveAccount,
        credit: carolPays ? daveAccount : carolAccount,
        amount: sats(BigInt(100 + (n % 97))),
        kind: "customer_transfer",
        reference: `volume:${n}`,
        idempotencyKey: `volume:${n}`,
      });
    }
    await postTransferBatch(t.db, postings, { at });
  }
  // Their history rows, as a send records them: one for each side, sharing the transfer.
  await t.db.execute(sql`
    insert into wallet_transactions
      (id, user_id, type, status, amount, counterparty_user_id, counterparty_username, transfer_id, created_at)
    select gen_random_uuid(), side.user_id, side.type, 'completed', lt.amount, side.other_id, side.other_name,
           lt.id, lt.created_at
      from ledger_transfers lt
      join ledger_accounts d on d.id = lt.debit_account_id
      join ledger_accounts c on c.id = lt.credit_account_id
      join users du on du.id = d.user_id
      join users cu on cu.id = c.user_id
      cross join lateral (values (d.user_id, 'send', c.user_id, cu.username),
                                 (c.user_id, 'receive', d.user_id, du.username))
           as side(user_id, type, other_id, other_name)
     where lt.kind = 'customer_transfer'`);
  clock.advance(Date.UTC(2030, 2, 20) - clock.now().getTime());
  carol.token = (await signIn(t, carol.account)).token;
}, 120_000);
afterAll(() => t.close());

it("closes each month at the ledger's balance then, for a customer with 10,000 transactions", async () => {
  let entries = 0;
  let opening = "0";
  for (const month of ["2030-01", "2030-02", "2030-03"]) {
    const res = await getJson(t, apiPaths.statements.month(month), { cookie: carol.token });
    expect(res.statusCode, res.body).toBe(200);
    const statement = statementSchema.parse(res.json());
    expect(statement.openingBalanceSats, month).toBe(opening);
    expect(BigInt(statement.closingBalanceSats), month).toBe(
      await ledgerBalanceAt(t.db, carol.user.id, statement.period.to),
    );
    expect(statement.entries.at(-1)?.balanceAfterSats ?? opening).toBe(statement.closingBalanceSats);
    const described = statement.entries.filter((entry) => entry.description.startsWith("Sent to @"));
    expect(described.length, month).toBeGreaterThan(0);
    expect(statement.entries.every((entry) => entry.transactionId !== null)).toBe(true);
    entries += statement.entries.length;
    opening = statement.closingBalanceSats;
  }
  // Every transfer and the opening balance, each once.
  expect(entries).toBe(POSTINGS + 1);
  const account = await t.db.execute<{ balance: string }>(
    sql`select balance::text as balance from ledger_accounts where user_id = ${carol.user.id}`,
  );
  // March is the current month, and no posting came after it: its closing is the account's balance.
  expect(opening).toBe(account.rows[0]?.balance);
});
