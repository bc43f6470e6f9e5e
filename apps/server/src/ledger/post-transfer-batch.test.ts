import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { inDbTransaction } from "../db/db-transaction.js";
import * as schema from "../db/schema/index.js";
import { sats } from "../domain/money.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { extraPool } from "../test/extra-pool.js";
import { customerAccounts, expectBooksBalanced, fundAccount } from "../test/money-helpers.js";
import { bankAccountId } from "./accounts.js";
import { IdempotencyKeyReusedError, InsufficientFundsError, UnknownLedgerAccountError } from "./errors.js";
import { type BatchedTransfer, postTransferBatch } from "./post-transfer-batch.js";
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

async function balancesOf(ids: readonly number[]): Promise<bigint[]> {
  const result = await db.execute<{ id: string; balance: string }>(
    sql`select id::text as id, balance::text as balance from ledger_accounts
         where id in (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const byId = new Map(result.rows.map((row) => [Number(row.id), BigInt(row.balance)]));
  return ids.map((id) => byId.get(id) ?? -1n);
}

async function transferCount(): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
  return Number(result.rows[0]?.n);
}

const move = (debit: number, credit: number, amount: bigint, idempotencyKey = key()): BatchedTransfer => ({
  debit,
  credit,
  amount: sats(amount),
  kind: "customer_transfer",
  idempotencyKey,
});

describe("postTransferBatch", () => {
  it("posts every transfer in one call, answers their ids in the order given, and the books balance", async () => {
    const [a, b, c] = (await customerAccounts(db, 3)) as [number, number, number];
    await fundAccount(db, a, 10_000n);
    const batch = [move(a, b, 1_000n), move(a, c, 2_000n), { ...move(b, c, 500n), reference: "ref-b" }];
    const results = await postTransferBatch(db, batch, { at });
    expect(results.map((r) => r.replayed)).toEqual([false, false, false]);
    expect(new Set(results.map((r) => r.transferId)).size).toBe(3);
    expect(await balancesOf([a, b, c])).toEqual([7_000n, 500n, 2_500n]);
    const rows = await db.execute<Record<string, unknown>>(
      sql`select id::int as id, debit_account_id::int as debit, credit_account_id::int as credit,
                 amount::text as amount, idempotency_key as key, reference, leg, created_at
            from ledger_transfers where id in (${sql.join(
              results.map((r) => sql`${r.transferId}`),
              sql`, `,
            )})`,
    );
    const byId = new Map(rows.rows.map((row) => [row.id, row]));
    for (const [index, result] of results.entries()) {
      const posted = batch[index] as BatchedTransfer;
      expect(byId.get(result.transferId)).toMatchObject({
        debit: posted.debit,
        credit: posted.credit,
        amount: posted.amount.toString(),
        key: posted.idempotencyKey,
        leg: 0,
      });
    }
    expect(byId.get(results[2]?.transferId)?.reference).toBe("ref-b");
    await expectBooksBalanced(db);
  });

  it("refuses the whole batch when it would take a customer below zero, as a single posting is refused", async () => {
    const [a, b, c] = (await customerAccounts(db, 3)) as [number, number, number];
    await fundAccount(db, a, 1_000n);
    await fundAccount(db, b, 300n);
    const before = await transferCount();
    // The first two fit; the third takes b to -1 once its 300 and the 200 from a are counted.
    const attempt = postTransferBatch(db, [move(a, c, 800n), move(a, b, 200n), move(b, c, 501n)], { at });
    await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(attempt).rejects.toMatchObject({ accountId: b, balance: 300n });
    expect(await balancesOf([a, b, c])).toEqual([1_000n, 300n, 0n]);
    expect(await transferCount()).toBe(before);
    // The single path refuses the same overdraft.
    await expect(
      postTransfers(db, [{ debit: b, credit: c, amount: sats(301n), kind: "customer_transfer" }], {
        idempotencyKey: key(),
        at,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    // A batch is checked as a whole: money received in it may leave in it (the net change counts).
    await postTransferBatch(db, [move(b, c, 500n), move(a, b, 200n)], { at });
    expect(await balancesOf([a, b, c])).toEqual([800n, 0n, 500n]);
    await expectBooksBalanced(db);
  });

  it("names an account that does not exist as the single path does, and writes nothing", async () => {
    const [a] = (await customerAccounts(db, 1)) as [number];
    await fundAccount(db, a, 1_000n);
    const before = await transferCount();
    await expect(postTransferBatch(db, [move(a, 999_999_999, 1n)], { at })).rejects.toBeInstanceOf(
      UnknownLedgerAccountError,
    );
    expect(await transferCount()).toBe(before);
    await expectBooksBalanced(db);
  });

  it("replays a batch: the same keys answer the first transfers and nothing moves twice", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    await fundAccount(db, a, 10_000n);
    const batch = [move(a, b, 100n), move(a, b, 200n), move(b, a, 50n)];
    const first = await postTransferBatch(db, batch, { at });
    const again = await postTransferBatch(db, batch, { at });
    expect(again.map((r) => r.transferId)).toEqual(first.map((r) => r.transferId));
    expect(again.every((r) => r.replayed)).toBe(true);
    expect(await balancesOf([a, b])).toEqual([9_750n, 250n]);
    // Old and new keys mixed: the old ones answer, the new one posts.
    const extra = move(a, b, 1_000n);
    const mixed = await postTransferBatch(
      db,
      [batch[1] as BatchedTransfer, extra, batch[0] as BatchedTransfer],
      {
        at,
      },
    );
    expect(mixed.map((r) => r.replayed)).toEqual([true, false, true]);
    expect(mixed[0]?.transferId).toBe(first[1]?.transferId);
    expect(mixed[2]?.transferId).toBe(first[0]?.transferId);
    expect(await balancesOf([a, b])).toEqual([8_750n, 1_250n]);
    // A key the single path posted (one transfer) is a replay here too.
    const single = key();
    const posted = await postTransfers(
      db,
      [{ debit: a, credit: b, amount: sats(7n), kind: "customer_transfer" }],
      { idempotencyKey: single, at },
    );
    const [replay] = await postTransferBatch(db, [move(a, b, 7n, single)], { at });
    expect(replay).toEqual({ transferId: posted.transferIds[0], replayed: true });
    expect(await balancesOf([a, b])).toEqual([8_743n, 1_257n]);
    await expectBooksBalanced(db);
  });

  it("refuses the whole batch when a key was used for another transfer", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    await fundAccount(db, a, 10_000n);
    const used = move(a, b, 100n);
    await postTransferBatch(db, [used], { at });
    const before = await transferCount();
    const attempt = postTransferBatch(db, [move(a, b, 5n), { ...used, amount: sats(101n) }], { at });
    await expect(attempt).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    await expect(attempt).rejects.toMatchObject({ idempotencyKey: used.idempotencyKey });
    // A key of a two-transfer posting is another posting too.
    const twoLegs = key();
    await postTransfers(
      db,
      [
        { debit: a, credit: b, amount: sats(1n), kind: "customer_transfer" },
        { debit: a, credit: b, amount: sats(2n), kind: "customer_transfer" },
      ],
      { idempotencyKey: twoLegs, at },
    );
    await expect(postTransferBatch(db, [move(a, b, 1n, twoLegs)], { at })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    expect(await transferCount()).toBe(before + 2);
    expect(await balancesOf([a, b])).toEqual([9_897n, 103n]);
    await expectBooksBalanced(db);
  });

  it("refuses a malformed batch before it reaches the database", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    const twice = key();
    await expect(postTransferBatch(db, [], { at })).rejects.toThrow(/at least one posting/);
    await expect(
      postTransferBatch(db, [move(a, b, 1n, twice), move(b, a, 1n, twice)], { at }),
    ).rejects.toThrow(/each idempotency key once/);
    await expect(postTransferBatch(db, [move(a, b, 0n)], { at })).rejects.toThrow(/positive amount/);
    await expect(postTransferBatch(db, [move(a, a, 1n)], { at })).rejects.toThrow(/different accounts/);
  });

  it("joins the caller's db transaction: rolled back, nothing was posted", async () => {
    const [a, b] = (await customerAccounts(db, 2)) as [number, number];
    await fundAccount(db, a, 1_000n);
    const before = await transferCount();
    await expect(
      inDbTransaction(db, async (tx) => {
        await postTransferBatch(tx, [move(a, b, 400n)], { at });
        throw new Error("the caller fails after posting");
      }),
    ).rejects.toThrow(/caller fails/);
    expect(await balancesOf([a, b])).toEqual([1_000n, 0n]);
    expect(await transferCount()).toBe(before);
    await expectBooksBalanced(db);
  });

  it("credits hundreds of customers from a bank account in one call", async () => {
    const accounts = await customerAccounts(db, 300);
    const hotWallet = await bankAccountId(db, "hot_wallet");
    const results = await postTransferBatch(
      db,
      accounts.map((credit, index) => ({
        debit: hotWallet,
        credit,
        amount: sats(BigInt(1_000 + index)),
        kind: "deposit" as const,
        idempotencyKey: key(),
      })),
      { at },
    );
    expect(results).toHaveLength(300);
    expect(await balancesOf(accounts)).toEqual(accounts.map((_, index) => BigInt(1_000 + index)));
    await expectBooksBalanced(db);
  });
});

// PGlite runs one statement at a time, so the burst below interleaves nothing there; on PostgreSQL it
// runs on 20 connections at once. No retries: a deadlock or a lost race would fail the test.
describe("batches and single postings in a burst on the same accounts", () => {
  it("never deadlocks, never overdraws, never posts a key twice, and the books balance", async () => {
    let pool: pg.Pool | undefined;
    let burstDb = db;
    if (t.handle.kind === "postgres") {
      pool = extraPool(t.handle.pool.options.connectionString, 20);
      burstDb = drizzle({ client: pool, schema });
    }
    try {
      const accounts = await customerAccounts(db, 8);
      for (const id of accounts) await fundAccount(db, id, 5_000n);
      const [before] = await balancesOf(accounts).then((all) => [all.reduce((sum, b) => sum + b, 0n)]);
      const pick = (n: number) => accounts[n % accounts.length] as number;
      // Some keys are shared between batches and single postings, racing each other.
      const shared = Array.from({ length: 10 }, (_, i) => ({ ...move(pick(i), pick(i + 3), 10n) }));
      let refused = 0;
      const calls: Array<Promise<unknown>> = [];
      for (let n = 0; n < 60; n++) {
        if (n % 3 === 0) {
          const s = shared[n % shared.length] as BatchedTransfer;
          calls.push(
            postTransfers(burstDb, [{ debit: s.debit, credit: s.credit, amount: s.amount, kind: s.kind }], {
              idempotencyKey: s.idempotencyKey,
              at,
            }),
          );
          continue;
        }
        // Large amounts now and then: some batches must be refused whole.
        const batch = Array.from({ length: 12 }, (_, i) =>
          move(
            pick(n + i),
            pick(n + i + 1 + (i % 5)),
            i === 0 && n % 7 === 0 ? 9_000n : BigInt(1 + ((n * i) % 300)),
          ),
        );
        batch.push(shared[(n + 1) % shared.length] as BatchedTransfer);
        calls.push(
          postTransferBatch(burstDb, batch, { at }).catch((error: unknown) => {
            if (!(error instanceof InsufficientFundsError)) throw error;
            refused += 1;
          }),
        );
      }
      await Promise.all(calls);
      expect(refused).toBeGreaterThan(0);
      const after = await balancesOf(accounts);
      expect(after.every((balance) => balance >= 0n)).toBe(true);
      // Money only moved between these accounts: their total is unchanged.
      expect(after.reduce((sum, b) => sum + b, 0n)).toBe(before);
      const posted = await db.execute<{ n: string }>(
        sql`select count(*)::text as n from ledger_transfers where idempotency_key in (${sql.join(
          shared.map((s) => sql`${s.idempotencyKey}`),
          sql`, `,
        )})`,
      );
      expect(Number(posted.rows[0]?.n)).toBe(shared.length);
      await expectBooksBalanced(db);
    } finally {
      await pool?.end();
    }
  });
});
