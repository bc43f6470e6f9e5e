import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Db } from "../db/client.js";
import { sats } from "../domain/money.js";
import { bankAccountId, openCustomerAccounts } from "../ledger/accounts.js";
import { checkLedgerInvariants } from "../ledger/invariants.js";
import { postTransfers } from "../ledger/post-transfers.js";
import { insertUser, type UserRow } from "../modules/auth/queries.js";

let counter = 0;

/**
 * A customer row made directly (no password hashing: the money tests do not sign in with it). Tests that
 * go through HTTP sign up instead.
 */
export async function insertCustomer(db: Db, name = "Money Tester"): Promise<UserRow> {
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
  });
}

/** Ledger accounts for n fresh customers. */
export async function customerAccounts(db: Db, n: number): Promise<number[]> {
  const users = await Promise.all(Array.from({ length: n }, () => insertCustomer(db)));
  const accounts = await openCustomerAccounts(
    db,
    users.map((user) => user.id),
  );
  return users.map((user) => accounts.get(user.id) as number);
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
