import { apiPaths, type Statement, statementSchema } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sats } from "../../domain/money.js";
import { type FakeClock, fakeClock, getJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import {
  balanceOf,
  ledgerBalanceAt,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";

// The monthly statement: the ledger's balances at the month's two ends in the customer's time zone, and every
// posting of their account between, described in plain words.

const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
let clock: FakeClock;
let ana: TestCustomer;
let bob: TestCustomer;
let staff: TestStaff;
let withdrawalFee: bigint;

/** Moves the fake clock forward to `iso`; everyone signs in again (their sessions went idle meanwhile). */
async function clockTo(iso: string) {
  const target = new Date(iso).getTime();
  const now = clock.now().getTime();
  if (target < now) throw new Error(`The clock cannot go back to ${iso}`);
  clock.advance(target - now);
  for (const person of [ana, bob, staff]) person.token = (await signIn(t, person.account)).token;
}

async function send(from: TestCustomer, body: Record<string, unknown>) {
  const res = await sendRequest(t, from.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transaction;
}

function statementRes(customer: TestCustomer, month: string, timeZone?: string) {
  const query = timeZone === undefined ? "" : `?timeZone=${encodeURIComponent(timeZone)}`;
  return getJson(t, `${apiPaths.statements.month(month)}${query}`, { cookie: customer.token });
}

async function statementOf(customer: TestCustomer, month: string, timeZone?: string): Promise<Statement> {
  const res = await statementRes(customer, month, timeZone);
  expect(res.statusCode, res.body).toBe(200);
  return statementSchema.parse(res.json());
}

async function accountBalance(userId: string): Promise<bigint> {
  const result = await t.db.execute<{ balance: string }>(
    sql`select balance::text as balance from ledger_accounts where user_id = ${userId}`,
  );
  return BigInt(result.rows[0]?.balance ?? "0");
}

beforeAll(async () => {
  clock = fakeClock(new Date("2030-01-15T12:00:00.000Z"));
  t = await createTestApp({ clock });
  ana = await testCustomer(t, { name: "Ana Statement" });
  bob = await testCustomer(t, { name: "Bob Statement" });
  staff = await testStaff(t, { name: "Statement Desk" });
  await fundFromEquity({
    ctx: { db: t.db, clock },
    userId: ana.user.id,
    amount: sats(100_000n),
    idempotencyKey: `statement-opening:${ana.user.id}`,
  });
  await fundFromEquity({
    ctx: { db: t.db, clock },
    userId: bob.user.id,
    amount: sats(50_000n),
    idempotencyKey: `statement-opening:${bob.user.id}`,
  });
  await clockTo("2030-01-16T09:00:00.000Z");
  const rent = await send(ana, { recipient: bob.user.username, amountSats: "10000", note: "Rent" });
  await t.db.execute(sql`update wallet_transactions set label = 'Flat' where id = ${rent.id}`);
  await clockTo("2030-01-20T09:00:00.000Z");
  const withdrawal = await send(ana, { recipient: OUTSIDE, amountSats: "25000" });
  withdrawalFee = BigInt(withdrawal.feeSats);
  // Late on the 31st in UTC: already February in Paris.
  await clockTo("2030-01-31T23:30:00.000Z");
  await send(bob, { recipient: ana.user.username, amountSats: "3000", note: "Dinner" });
  await clockTo("2030-02-10T09:00:00.000Z");
  await send(ana, { recipient: bob.user.username, amountSats: "1000" });
});
afterAll(() => t.close());

describe("GET /api/statements/:month", () => {
  it("states January from the ledger: opening, every posting with the balance after it, fees, closing", async () => {
    const january = await statementOf(ana, "2030-01");
    expect(january.bankName).toBeTruthy();
    expect(january.customer).toEqual({
      name: "Ana Statement",
      username: ana.user.username,
      email: ana.user.email,
    });
    expect(january.period).toEqual({
      month: "2030-01",
      timeZone: "UTC",
      from: "2030-01-01T00:00:00.000Z",
      to: "2030-02-01T00:00:00.000Z",
    });
    expect(withdrawalFee).toBeGreaterThan(0n);
    const afterWithdrawal = 100_000n - 10_000n - 25_000n;
    expect(
      january.entries.map(({ description, amountSats, balanceAfterSats, note, label }) => ({
        description,
        amountSats,
        balanceAfterSats,
        note,
        label,
      })),
    ).toEqual([
      {
        description: "Opening balance",
        amountSats: "100000",
        balanceAfterSats: "100000",
        note: "Opening balance",
        label: null,
      },
      {
        description: `Sent to @${bob.user.username}`,
        amountSats: "-10000",
        balanceAfterSats: "90000",
        note: "Rent",
        label: "Flat",
      },
      {
        description: `Withdrawal to ${OUTSIDE}`,
        amountSats: "-25000",
        balanceAfterSats: String(afterWithdrawal),
        note: null,
        label: null,
      },
      {
        description: "Withdrawal fee",
        amountSats: String(-withdrawalFee),
        balanceAfterSats: String(afterWithdrawal - withdrawalFee),
        note: null,
        label: null,
      },
      {
        description: `Received from @${bob.user.username}`,
        amountSats: "3000",
        balanceAfterSats: String(afterWithdrawal - withdrawalFee + 3000n),
        note: "Dinner",
        label: null,
      },
    ]);
    // The withdrawal's fee belongs to the withdrawal's own history row.
    expect(january.entries[3]?.transactionId).toBe(january.entries[2]?.transactionId);
    expect(january.entries[2]?.transactionId).not.toBeNull();
    expect(january.openingBalanceSats).toBe("0");
    expect(january.totalInSats).toBe("103000");
    expect(january.totalOutSats).toBe(String(35_000n + withdrawalFee));
    expect(january.feesSats).toBe(String(withdrawalFee));
    expect(january.closingBalanceSats).toBe(String(afterWithdrawal - withdrawalFee + 3000n));
    expect(BigInt(january.closingBalanceSats)).toBe(
      await ledgerBalanceAt(t.db, ana.user.id, january.period.to),
    );
  });

  it("opens February at January's closing balance and closes the current month at the account's balance", async () => {
    const january = await statementOf(ana, "2030-01");
    const february = await statementOf(ana, "2030-02");
    expect(february.openingBalanceSats).toBe(january.closingBalanceSats);
    expect(february.entries.map((entry) => [entry.description, entry.amountSats])).toEqual([
      [`Sent to @${bob.user.username}`, "-1000"],
    ]);
    expect(february.feesSats).toBe("0");
    const closing = BigInt(february.closingBalanceSats);
    expect(closing).toBe(await accountBalance(ana.user.id));
    expect(closing).toBe(await balanceOf(t, ana.token));
  });

  it("cuts the months at midnight in the customer's time zone", async () => {
    const january = await statementOf(ana, "2030-01", "Europe/Paris");
    expect(january.period.from).toBe("2029-12-31T23:00:00.000Z");
    expect(january.period.to).toBe("2030-01-31T23:00:00.000Z");
    // Bob's 3,000 at 00:30 on 1 February in Paris is February's there.
    expect(january.entries.map((entry) => entry.amountSats)).not.toContain("3000");
    const february = await statementOf(ana, "2030-02", "Europe/Paris");
    expect(february.openingBalanceSats).toBe(january.closingBalanceSats);
    expect(february.entries.map((entry) => entry.amountSats)).toEqual(["3000", "-1000"]);
    expect(BigInt(january.closingBalanceSats)).toBe(
      await ledgerBalanceAt(t.db, ana.user.id, january.period.to),
    );
  });

  it("answers a month before the customer's first posting with zeros, and refuses one not begun", async () => {
    const before = await statementOf(ana, "2029-06");
    expect([before.openingBalanceSats, before.closingBalanceSats, before.entries]).toEqual(["0", "0", []]);
    const future = await statementRes(ana, "2030-03");
    expect(future.statusCode).toBe(400);
    expect(future.json().error.code).toBe("VALIDATION_ERROR");
    expect(future.json().error.message).toMatch(/not begun/);
  });

  it("refuses a malformed month or an unknown time zone, and anyone but a signed-in customer", async () => {
    for (const month of ["2030-13", "2030-1", "january", "2030-01-01"]) {
      expect((await statementRes(ana, month)).statusCode, month).toBe(400);
    }
    expect((await statementRes(ana, "2030-01", "Mars/Olympus_Mons")).statusCode).toBe(400);
    expect((await getJson(t, apiPaths.statements.month("2030-01"))).statusCode).toBe(401);
    expect((await getJson(t, apiPaths.statements.month("2030-01"), { cookie: staff.token })).statusCode).toBe(
      403,
    );
  });

  it("lists the month oldest first by time, with each balance after, when the ledger's ids are in another order", async () => {
    const cy = await testCustomer(t, { name: "Cy Statement" });
    // Posted in this order, dated the other way round (as a backdated posting or the demo data is).
    for (const [day, amount] of [
      ["2030-01-09T10:00:00.000Z", 3_000n],
      ["2030-01-05T10:00:00.000Z", 1_000n],
    ] as const) {
      const at = new Date(day);
      await fundFromEquity({
        ctx: { db: t.db, clock: { now: () => at } },
        userId: cy.user.id,
        amount: sats(amount),
        idempotencyKey: `statement-order:${cy.user.id}:${day}`,
      });
    }
    const statement = await statementOf(cy, "2030-01");
    expect(
      statement.entries.map(({ at, amountSats, balanceAfterSats }) => [at, amountSats, balanceAfterSats]),
    ).toEqual([
      ["2030-01-05T10:00:00.000Z", "1000", "1000"],
      ["2030-01-09T10:00:00.000Z", "3000", "4000"],
    ]);
    expect(statement.closingBalanceSats).toBe("4000");
  });
});

describe("GET /api/admin/customers/:userId/statements/:month", () => {
  const staffGet = (url: string, cookie = staff.token) => getJson(t, url, { cookie });

  it("answers staff the customer's own statement, and audits it", async () => {
    const own = await statementOf(ana, "2030-01", "Europe/Paris");
    const res = await staffGet(
      `${apiPaths.admin.customerStatement(ana.user.id, "2030-01")}?timeZone=Europe%2FParis`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect({ ...statementSchema.parse(res.json()), generatedAt: "" }).toEqual({ ...own, generatedAt: "" });
    const audit = await staffGet(`${apiPaths.admin.audit}?target=${ana.user.id}`);
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        action: "customer.statement_viewed",
        target: { type: "customer", id: ana.user.id },
        details: { month: "2030-01", timeZone: "Europe/Paris" },
      }),
    ]);
  });

  it("is 404 for anyone not a customer and 403 for a customer, and audits neither", async () => {
    for (const userId of [staff.user.id, "00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await staffGet(apiPaths.admin.customerStatement(userId, "2030-01"))).statusCode, userId).toBe(
        404,
      );
    }
    expect((await staffGet(apiPaths.admin.customerStatement(bob.user.id, "2030-03"))).statusCode).toBe(400);
    expect(
      (await staffGet(apiPaths.admin.customerStatement(bob.user.id, "2030-01"), ana.token)).statusCode,
    ).toBe(403);
    const audit = await staffGet(`${apiPaths.admin.audit}?target=${bob.user.id}`);
    expect(audit.json().items).toEqual([]);
  });
});
