import { randomUUID } from "node:crypto";
import { apiPaths, type SessionUser } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { type Clock, systemClock } from "../adapters/clock.js";
import { fixedPrice } from "../adapters/price/fixed.js";
import { deriveWalletKeys } from "../bitcoin/wallet-keys.js";
import type { Db } from "../db/client.js";
import { sats } from "../domain/money.js";
import type { User } from "../domain/user.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../ledger/accounts.js";
import { checkLedgerInvariants } from "../ledger/invariants.js";
import { postTransfers } from "../ledger/post-transfers.js";
import { markEmailVerified } from "../modules/auth/email-verification-queries.js";
import { insertUser } from "../modules/auth/user-queries.js";
import { followerHeight } from "../modules/chain/index.js";
import { relyingPartyOf } from "../modules/passkeys/index.js";
import type { WalletContext } from "../modules/wallet/index.js";
import { type Account, getJson, newAccount, postJson, signUp } from "./auth-helpers.js";
import type { TestApp } from "./create-test-app.js";
import { fundFromEquity } from "./fund-from-equity.js";
import { markVerified } from "./mark-verified.js";
import { TEST_WALLET_MNEMONIC, testConfig } from "./test-config.js";

let counter = 0;

/**
 * A customer row made directly, its email verified (no password hashing: the money tests do not sign in
 * with it). Tests that go through HTTP sign up instead.
 */
export async function insertCustomer(db: Db, name = "Money Tester"): Promise<User> {
  counter += 1;
  const tag = `${process.pid.toString(36)}${counter.toString(36)}${randomUUID().slice(0, 6)}`.replaceAll(
    "-",
    "",
  );
  return insertUser(db, {
    email: `money-${tag}@example.com`,
    username: `m${tag}`.slice(0, 20),
    name,
    phone: null,
    passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash",
    role: "customer",
    accountType: "personal",
    emailVerifiedAt: new Date(),
  });
}

/** Ledger accounts for n fresh customers. */
export async function customerAccounts(db: Db, n: number): Promise<number[]> {
  const users = await Promise.all(Array.from({ length: n }, () => insertCustomer(db)));
  const accounts = await openCustomerAccounts(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => customerAccountId(accounts, user.id));
}

/** Credits an account from the bank's opening-balance equity (a posting of its own). */
export async function fundAccount(db: Db, accountId: number, amount: bigint): Promise<void> {
  const equity = await bankAccountId(db, "opening_equity");
  await postTransfers(
    db,
    [{ debit: equity, credit: accountId, amount: sats(amount), kind: "opening_balance" }],
    {
      idempotencyKey: `test-funding:${randomUUID()}`,
      at: new Date(),
    },
  );
}

/** Every test that moves money ends here: the books sum to zero, nobody is negative, balances match. */
export async function expectBooksBalanced(db: Db): Promise<void> {
  const invariants = await checkLedgerInvariants(db);
  expect(invariants).toMatchObject({
    booksBalanced: true,
    totalSats: 0n,
    negativeCustomerAccounts: 0,
    mismatchedAccounts: 0,
    ok: true,
  });
}

/** The wallet use cases' context for tests that call them directly. */
export function walletContext(t: TestApp, clock: Clock = systemClock): WalletContext {
  return {
    db: t.db,
    clock,
    walletKeys: deriveWalletKeys(TEST_WALLET_MNEMONIC, "regtest"),
    withdrawalFeeSats: sats(1000n),
    sendLimits: { level1: sats(10_000_000n), level2: sats(200_000_000n) },
    price: fixedPrice({ usdPerBtc: "42389.57", clock }),
    chainHeight: followerHeight,
    withdrawalPolicy: testConfig().withdrawalPolicy,
    rp: relyingPartyOf(testConfig()),
    announcer: t.announcer,
  };
}

/** A customer signed up through the API: their session, their user, and how they sign in again. */
export type TestCustomer = { token: string; user: SessionUser; account: Account };

/**
 * A customer signed up through the API (so they can sign in), optionally verified and funded with an
 * opening balance through the real use cases. By default ready to send: the email confirmed (as its
 * mailed link would) and identity and address verified (`verified`); `emailVerified: false` leaves the
 * email unconfirmed, for the tests of that requirement.
 */
export async function testCustomer(
  t: TestApp,
  {
    name = "Money Tester",
    verified = true,
    emailVerified = true,
    funds = 0n,
  }: { name?: string; verified?: boolean; emailVerified?: boolean; funds?: bigint } = {},
): Promise<TestCustomer> {
  const account = newAccount(name);
  const { token, user } = await signUp(t, account);
  if (emailVerified) {
    await markEmailVerified(t.db, { userId: user.id, email: user.email, at: systemClock.now() });
  }
  if (verified) await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
  if (funds > 0n) {
    await fundFromEquity({
      ctx: { db: t.db, clock: systemClock },
      userId: user.id,
      amount: sats(funds),
      idempotencyKey: `test-opening:${user.id}`,
    });
  }
  return { token, user: { ...user, emailVerified }, account };
}

type Res = Awaited<ReturnType<TestApp["app"]["inject"]>>;

export function sendRequest(t: TestApp, token: string, body: Record<string, unknown>): Promise<Res> {
  return postJson(t, apiPaths.wallet.send, { idempotencyKey: randomUUID(), ...body }, { cookie: token });
}

export function quoteRequest(t: TestApp, token: string, body: Record<string, unknown>): Promise<Res> {
  return postJson(t, apiPaths.wallet.quote, body, { cookie: token });
}

export async function balanceOf(t: TestApp, token: string): Promise<bigint> {
  const res = await getJson(t, apiPaths.wallet.summary, { cookie: token });
  expect(res.statusCode, res.body).toBe(200);
  return BigInt(res.json().balanceSats);
}

/**
 * Credits minus debits of the customer's transfers made before `to`, summed by the database directly: what
 * a statement's closing balance is checked against.
 */
export async function ledgerBalanceAt(db: Db, userId: string, to: string): Promise<bigint> {
  const result = await db.execute<{ balance: string }>(sql`
    select (coalesce(sum(case when t.credit_account_id = a.id then t.amount else -t.amount end), 0))::text
           as balance
      from ledger_accounts a
      join ledger_transfers t on a.id in (t.credit_account_id, t.debit_account_id)
     where a.user_id = ${userId} and t.created_at < ${to}::timestamptz`);
  return BigInt(result.rows[0]?.balance ?? "0");
}
