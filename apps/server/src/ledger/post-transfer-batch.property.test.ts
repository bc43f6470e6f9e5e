import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { sats } from "../domain/money.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { customerAccounts } from "../test/money-helpers.js";
import { assertProperty, insertAfter, propertyRuns, type RegressionSeed } from "../test/property.js";
import { bankAccountId } from "./accounts.js";
import { IdempotencyKeyReusedError, InsufficientFundsError } from "./errors.js";
import { checkLedgerInvariants } from "./invariants.js";
import { type BatchedTransfer, postTransferBatch } from "./post-transfer-batch.js";

// Random sequences of posting batches against a model of the books (as ledger.property.test.ts does for
// single postings). Accounts 0-3 are customers (never below zero), 4 is the bank's opening-balance equity,
// 5 its fee revenue. Keys come from a small set, so they repeat: replays, reuses, and the same key twice
// in one batch.
const ACCOUNTS = 6;
const CUSTOMERS = 4;
const EQUITY = 4;

type Item = { debit: number; credit: number; amount: bigint; key: number };
/** A customer sending `by` more than they hold, under a key of its own (resolved against the model). */
type Overdraft = { overdraw: Item & { by: bigint } };
type Op = Item[] | { repeat: number } | Overdraft;

const RANDOM_KEYS = 15;
const itemArb = fc
  .record({
    debit: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
    credit: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
    amount: fc.oneof(
      { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 3_000n }) },
      fc.bigInt({ min: 3_001n, max: 10n ** 12n }),
    ),
    key: fc.integer({ min: 0, max: RANDOM_KEYS - 1 }),
  })
  .filter((item) => item.debit !== item.credit);
const batchArb = fc.array(itemArb, { minLength: 1, maxLength: 6 });
// A client retrying: the n-th earlier batch again, same keys and same transfers.
const opArb = fc.oneof({ weight: 3, arbitrary: batchArb }, fc.record({ repeat: fc.nat() }));

// Every sequence also holds, at random places, one batch of each outcome, under keys no random item uses: a
// funding from equity (accepted: a new key, no customer debited), later the same batch again (replayed) and
// later its key with another amount (reused), an overdraft (refused), and a batch naming one key twice
// (repeated). So every run exercises every outcome by construction, whatever the seed.
const FUNDING_KEY = RANDOM_KEYS;
const OVERDRAFT_KEY = RANDOM_KEYS + 1;
const TWICE_KEY = RANDOM_KEYS + 2;
const sequenceArb = fc
  .record({
    random: fc.array(opArb, { maxLength: 12 }),
    funded: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
    funding: fc.bigInt({ min: 1n, max: 3_000n }),
    overdraft: fc
      .record({
        debit: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
        credit: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
        by: fc.oneof(fc.constant(1n), fc.bigInt({ min: 1n, max: 10n ** 12n })),
      })
      .filter((item) => item.debit !== item.credit),
    twice: fc.tuple(itemArb, itemArb),
    places: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat()),
  })
  .map(({ random, funded, funding, overdraft, twice, places: [fund, replay, reuse, overdraw, repeat] }) => {
    const ops: Op[] = [...random];
    const item: Item = { debit: EQUITY, credit: funded, amount: funding, key: FUNDING_KEY };
    const at = insertAfter(ops, [item], fund);
    insertAfter(ops, [{ ...item }], replay, at);
    insertAfter(ops, [{ ...item, amount: funding + 1n }], reuse, at);
    insertAfter(ops, { overdraw: { ...overdraft, amount: 0n, key: OVERDRAFT_KEY } }, overdraw);
    insertAfter(
      ops,
      twice.map((one) => ({ ...one, key: TWICE_KEY })),
      repeat,
    );
    return ops;
  });

// Seeds run on every run besides a fresh one (test/property.ts). 20261125: the seed this test was pinned to
// (81b3dbb) after a random seed drew no replay and failed CI; that seed was not recorded.
const REGRESSIONS: RegressionSeed[] = [{ seed: 20261125, why: "the seed pinned in 81b3dbb" }];

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
});
afterAll(() => t.close());

async function balances(ids: number[]): Promise<bigint[]> {
  const result = await db.execute<{ id: string; balance: string }>(
    sql`select id::text as id, balance::text as balance from ledger_accounts where id in ${ids}`,
  );
  const byId = new Map(result.rows.map((row) => [Number(row.id), BigInt(row.balance)]));
  return ids.map((id) => byId.get(id) ?? -1n);
}

async function transferCount(): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
  return Number(result.rows[0]?.n);
}

const same = (a: Item, b: Item) => a.debit === b.debit && a.credit === b.credit && a.amount === b.amount;

describe("posting batches, under random sequences", () => {
  for (const run of propertyRuns(REGRESSIONS)) {
    it(`apply whole or not at all, replay per key, and keep the books at zero and customers above it (${run.name})`, async () => {
      const equity = await bankAccountId(db, "opening_equity");
      const fees = await bankAccountId(db, "fee_revenue");
      await assertProperty(
        fc.asyncProperty(sequenceArb, async (ops) => {
          const ids = [...(await customerAccounts(db, CUSTOMERS)), equity, fees];
          const model = await balances(ids);
          const posted = new Map<number, { item: Item; transferId: number }>();
          const runId = randomUUID();
          const sent: Item[][] = [];
          const seen = { accepted: 0, refused: 0, replayed: 0, reused: 0, repeated: 0 };
          for (const op of ops) {
            const batch = resolve(op, sent, model);
            if (batch === undefined) continue;
            sent.push(batch);
            const postings: BatchedTransfer[] = batch.map((item) => ({
              debit: ids[item.debit] as number,
              credit: ids[item.credit] as number,
              amount: sats(item.amount),
              kind: item.debit === EQUITY ? "opening_balance" : "customer_transfer",
              idempotencyKey: `batch-prop:${runId}:${item.key}`,
            }));
            const before = await transferCount();
            const attempt = postTransferBatch(db, postings, { at: new Date() });
            const fresh = batch.filter((item) => !posted.has(item.key));
            const next = [...model];
            for (const item of fresh) {
              next[item.debit] = (next[item.debit] as bigint) - item.amount;
              next[item.credit] = (next[item.credit] as bigint) + item.amount;
            }
            // The lowest account id a customer would go below zero at (ids ascend with the index).
            const overdrawn = next.slice(0, CUSTOMERS).findIndex((balance) => balance < 0n);
            let accepted = false;
            if (new Set(batch.map((item) => item.key)).size !== batch.length) {
              await expect(attempt).rejects.toThrow(/each idempotency key once/);
              seen.repeated += 1;
            } else if (
              batch.some((item) => posted.has(item.key) && !same(posted.get(item.key)?.item as Item, item))
            ) {
              await expect(attempt).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
              seen.reused += 1;
            } else if (overdrawn >= 0) {
              await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
              await expect(attempt).rejects.toMatchObject({ accountId: ids[overdrawn] });
              seen.refused += 1;
            } else {
              const results = await attempt;
              expect(results).toHaveLength(batch.length);
              for (const [index, item] of batch.entries()) {
                const earlier = posted.get(item.key);
                const result = results[index];
                if (earlier !== undefined) {
                  expect(result).toEqual({ transferId: earlier.transferId, replayed: true });
                  seen.replayed += 1;
                } else {
                  expect(result?.replayed).toBe(false);
                  posted.set(item.key, { item, transferId: result?.transferId as number });
                }
              }
              model.splice(0, model.length, ...next);
              accepted = true;
              seen.accepted += 1;
            }
            // A refused batch changed nothing; an accepted one exactly its new postings.
            expect(await transferCount()).toBe(before + (accepted ? fresh.length : 0));
            expect(await balances(ids)).toEqual(model);
          }
          // The sequence exercised every outcome (its generator guarantees a batch of each).
          expect(Object.entries(seen).filter(([, count]) => count === 0)).toEqual([]);
          expect(await checkLedgerInvariants(db)).toMatchObject({
            ok: true,
            totalSats: 0n,
            negativeCustomerAccounts: 0,
            mismatchedAccounts: 0,
          });
        }),
        { run, numRuns: 30 },
      );
    }, 120_000);
  }
});

/** The batch a step posts: a repeat is an earlier one again, an overdraft one more than the customer holds. */
function resolve(op: Op, sent: readonly Item[][], model: readonly bigint[]): Item[] | undefined {
  if (Array.isArray(op)) return op;
  if ("repeat" in op) return sent[op.repeat % Math.max(sent.length, 1)];
  const { by, ...item } = op.overdraw;
  return [{ ...item, amount: (model[item.debit] as bigint) + by }];
}
