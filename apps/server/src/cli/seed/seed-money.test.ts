import { apiPaths, type Transaction } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { deriveWalletKeys } from "../../bitcoin/wallet-keys.js";
import { customerBalance } from "../../ledger/accounts.js";
import { findUserByEmail } from "../../modules/auth/queries.js";
import { customerMaySend } from "../../modules/kyc/may-send.js";
import { findCurrentDepositAddress } from "../../modules/wallet/queries.js";
import { getJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced } from "../../test/money-helpers.js";
import { TEST_WALLET_MNEMONIC } from "../../test/test-config.js";
import { DEMO_PASSWORD, demoCustomers } from "./demo-accounts.js";
import { DEMO_BALANCE_SATS } from "./demo-money.js";
import { seedDemoData } from "./seed.js";
import { seedKey } from "./seed-money.js";

let t: TestApp;
const seed = () =>
  seedDemoData({
    db: t.db,
    clock: systemClock,
    walletKeys: deriveWalletKeys(TEST_WALLET_MNEMONIC, "regtest"),
  });

beforeAll(async () => {
  t = await createTestApp();
  await seed();
});
afterAll(() => t.close());

async function user(email: string) {
  const row = await findUserByEmail(t.db, email);
  if (row === undefined) throw new Error(`no ${email}`);
  return row;
}

/** What a customer's history says their balance is: received minus sent. */
async function historyBalance(userId: string): Promise<bigint> {
  const result = await t.db.execute<{ total: string }>(sql`
    select coalesce(sum(case when type = 'receive' then amount else -(amount + fee) end), 0)::text as total
    from wallet_transactions where user_id = ${userId} and status = 'completed'`);
  return BigInt(result.rows[0]?.total ?? "0");
}

describe("the demo money", () => {
  it("leaves the demo customer with exactly 0.00746 BTC, received and sent through real postings", async () => {
    const demo = await user("demo@example.com");
    expect(await customerBalance(t.db, demo.id)).toBe(DEMO_BALANCE_SATS);
    const { token } = await signIn(t, { email: "demo@example.com", password: DEMO_PASSWORD });
    const summary = (await getJson(t, apiPaths.wallet.summary, { cookie: token })).json();
    expect(summary).toMatchObject({ balanceSats: "746000", spendableSats: "746000", canSend: true });
    const history = (await getJson(t, `${apiPaths.transactions.list}?limit=100`, { cookie: token })).json();
    const items = history.items as Transaction[];
    expect(items.filter((item) => item.type === "send").length).toBeGreaterThanOrEqual(3);
    expect(items.filter((item) => item.type === "receive").length).toBeGreaterThanOrEqual(3);
    // Every line names the other customer (the demo's money all came from customers).
    expect(items.every((item) => item.counterparty.username !== null)).toBe(true);
    expect(items.some((item) => item.counterparty.username === "alice")).toBe(true);
    expect(items.some((item) => item.counterparty.username === "bob" && item.type === "receive")).toBe(true);
    expect(items.some((item) => item.counterparty.address?.startsWith("bcrt1q"))).toBe(true);
    // Spread over the past weeks, newest first, none in the future.
    const times = items.map((item) => new Date(item.createdAt).getTime());
    const days = (ms: number) => ms / 86_400_000;
    expect(days(Date.now() - Math.min(...times))).toBeGreaterThan(28);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("verifies every customer, gives each a deposit address and a balance their history explains", async () => {
    for (const { email } of demoCustomers) {
      const customer = await user(email);
      expect(await customerMaySend({ ctx: { db: t.db }, userId: customer.id })).toBe(true);
      expect(
        await findCurrentDepositAddress(t.db, { userId: customer.id, network: "regtest" }),
      ).toBeDefined();
      expect(await historyBalance(customer.id)).toBe(await customerBalance(t.db, customer.id));
    }
    // The e2e suite sends 0.0001 BTC from carol to alice, run after run.
    expect(await customerBalance(t.db, (await user("carol@example.com")).id)).toBeGreaterThan(1_000_000n);
    await expectBooksBalanced(t.db);
  });

  it("moves nothing when it runs again", async () => {
    const before = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
    expect(await seed()).toEqual([]);
    const after = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    expect(await customerBalance(t.db, (await user("demo@example.com")).id)).toBe(DEMO_BALANCE_SATS);
    await expectBooksBalanced(t.db);
  });

  it("makes its idempotency keys valid, stable UUIDs", () => {
    expect(seedKey("a")).toBe(seedKey("a"));
    expect(seedKey("a")).not.toBe(seedKey("b"));
    expect(seedKey("a")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
