import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { sats } from "../domain/money.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { customerAccounts, expectBooksBalanced, fundAccount } from "../test/money-helpers.js";
import { bankAccountId } from "./accounts.js";
import { IdempotencyKeyReusedError, InsufficientFundsError, UnknownLedgerAccountError } from "./errors.js";
import { checkLedgerInvariants } from "./invariants.js";
import { postTransfers } from "./post-transfers.js";

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
});
afterAll(() => t.close());

const at = new Date("2030-01-15T12:00:00.000Z");
const key = () => `test:${randomUUID()}`;

async function balanceOf(id: number): Promise<bigint> {
  const result = await db.execute<{ balance: string }>(
    sql`select balance::text as balance from ledger_accounts where id = ${id}`,
  );
  return BigInt(result.rows[0]?.balance ?? "-1");
}

async function transferCount(): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
  return Number(result.rows[0]?.n);
}

describe("postTransfers", () => {
  it("moves money from the debit account to the credit account and records the transfer", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    await fundAccount(db, a, 50_000n);
    const posting = await postTransfers(
      db,
      [{ debit: a, credit: b, amount: sats(20_000n), kind: "customer_transfer", reference: "ref-1" }],
      { idempotencyKey: key(), at },
    );
    expect(posting.replayed).toBe(false);
    expect(posting.transferIds).toHaveLength(1);
    expect(await balanceOf(a)).toBe(30_000n);
    expect(await balanceOf(b)).toBe(20_000n);
    const result = await db.execute<Record<string, unknown>>(
      sql`select debit_account_id::int as debit, credit_account_id::int as credit, amount::text as amount,
          kind, reference, leg, created_at from ledger_transfers where id = ${posting.transferIds[0]}`,
    );
    expect(result.rows[0]).toMatchObject({ debit: a, credit: b, amount: "20000", kind: "customer_transfer" });
    expect(result.rows[0]?.reference).toBe("ref-1");
    await expectBooksBalanced(db);
  });

  it("refuses to take a customer below zero and writes nothing", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    await fundAccount(db, a, 1_000n);
    const before = await transferCount();
    const attempt = postTransfers(
      db,
      [{ debit: a, credit: b, amount: sats(1_001n), kind: "customer_transfer" }],
      {
        idempotencyKey: key(),
        at,
      },
    );
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ accountId: a, balance: 1_000n });
    expect(await balanceOf(a)).toBe(1_000n);
    expect(await balanceOf(b)).toBe(0n);
    expect(await transferCount()).toBe(before);
    // Exactly the balance is fine.
    await postTransfers(db, [{ debit: a, credit: b, amount: sats(1_000n), kind: "customer_transfer" }], {
      idempotencyKey: key(),
      at,
    });
    expect(await balanceOf(a)).toBe(0n);
    await expectBooksBalanced(db);
  });

  it("answers a repeated key with the first posting and moves nothing more", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    await fundAccount(db, a, 10_000n);
    const idempotencyKey = key();
    const transfer = { debit: a, credit: b, amount: sats(10_000n), kind: "customer_transfer" } as const;
    const first = await postTransfers(db, [transfer], { idempotencyKey, at });
    // The balance is now 0: a second posting would be refused, but a repeat answers the first.
    const again = await postTransfers(db, [transfer], { idempotencyKey, at });
    expect(again).toEqual({ transferIds: first.transferIds, replayed: true });
    expect(await balanceOf(b)).toBe(10_000n);
    await expect(
      postTransfers(db, [{ ...transfer, amount: sats(5n) }], { idempotencyKey, at }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expectBooksBalanced(db);
  });

  it("posts several transfers as one unit: all, or none when one leg fails", async () => {
    const [a, b, c] = (await customerAccounts(db, 3)) as [number, number, number];
    const fees = await bankAccountId(db, "fee_revenue");
    await fundAccount(db, a, 5_000n);
    const posting = await postTransfers(
      db,
      [
        { debit: a, credit: b, amount: sats(3_000n), kind: "customer_transfer" },
        { debit: a, credit: fees, amount: sats(500n), kind: "customer_transfer" },
        { debit: b, credit: c, amount: sats(3_000n), kind: "customer_transfer" },
      ],
      { idempotencyKey: key(), at },
    );
    expect(posting.transferIds).toHaveLength(3);
    expect([await balanceOf(a), await balanceOf(b), await balanceOf(c)]).toEqual([1_500n, 0n, 3_000n]);
    const before = await transferCount();
    await expect(
      postTransfers(
        db,
        [
          { debit: c, credit: a, amount: sats(1_000n), kind: "customer_transfer" },
          { debit: b, credit: a, amount: sats(1n), kind: "customer_transfer" },
        ],
        { idempotencyKey: key(), at },
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await transferCount()).toBe(before);
    expect(await balanceOf(c)).toBe(3_000n);
    await expectBooksBalanced(db);
  });

  it("lets bank accounts go below zero: equity is where opening balances come from", async () => {
    const equity = await bankAccountId(db, "opening_equity");
    const before = await balanceOf(equity);
    const [a] = (await customerAccounts(db, 1)) as [number];
    await fundAccount(db, a, 7n);
    expect(await balanceOf(equity)).toBe(before - 7n);
    await expectBooksBalanced(db);
  });

  it("refuses an unknown account and malformed postings before anything is written", async () => {
    const [a] = (await customerAccounts(db, 1)) as [number];
    const equity = await bankAccountId(db, "opening_equity");
    await expect(
      postTransfers(db, [{ debit: equity, credit: 999_999, amount: sats(1n), kind: "opening_balance" }], {
        idempotencyKey: key(),
        at,
      }),
    ).rejects.toBeInstanceOf(UnknownLedgerAccountError);
    await expect(postTransfers(db, [], { idempotencyKey: key(), at })).rejects.toThrow(/at least one/);
    await expect(
      postTransfers(db, [{ debit: a, credit: a, amount: sats(1n), kind: "customer_transfer" }], {
        idempotencyKey: key(),
        at,
      }),
    ).rejects.toThrow(/two different accounts/);
    await expect(
      postTransfers(db, [{ debit: equity, credit: a, amount: 0n as never, kind: "opening_balance" }], {
        idempotencyKey: key(),
        at,
      }),
    ).rejects.toThrow(/positive amount/);
    await expectBooksBalanced(db);
  });

  it("keeps transfers immutable and accounts permanent", async () => {
    const [a] = (await customerAccounts(db, 1)) as [number];
    await fundAccount(db, a, 1n);
    await expect(db.execute(sql`update ledger_transfers set amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_accounts where id = ${a}`)).rejects.toThrow();
    // Even a direct write that skips ledger_post cannot make a customer negative.
    await expect(db.execute(sql`update ledger_accounts set balance = -1 where id = ${a}`)).rejects.toThrow();
    expect((await checkLedgerInvariants(db)).ok).toBe(true);
  });
});
