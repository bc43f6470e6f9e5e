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
import { postTransfers, type Transfer } from "./post-transfers.js";

// Random sequences of postings against a model of the books. Accounts 0-3 are customers (never below zero),
// 4 is the bank's opening-balance equity (where money comes from), 5 its fee revenue.
const ACCOUNTS = 6;
const CUSTOMERS = 4;
const EQUITY = 4;

type Leg = { debit: number; credit: number; amount: bigint };
type Posting = { legs: Leg[]; key: number };
/** A customer sending `by` more than they hold, under a key of its own (resolved against the model). */
type Overdraft = { overdraw: { debit: number; credit: number; by: bigint; key: number } };
type Op = Posting | { repeat: number } | Overdraft;

const legArb = fc
  .record({
    debit: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
    credit: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
    // Mostly small amounts, sometimes far more than anyone holds: overdraft attempts.
    amount: fc.oneof(
      { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 3_000n }) },
      fc.bigInt({ min: 3_001n, max: 10n ** 12n }),
    ),
  })
  .filter((leg) => leg.debit !== leg.credit);
// Few distinct keys per run, so keys repeat: with the same transfers (a retry) and with others (a reuse).
const RANDOM_KEYS = 7;
const postArb = fc.record({
  legs: fc.array(legArb, { minLength: 1, maxLength: 3 }),
  key: fc.integer({ min: 0, max: RANDOM_KEYS - 1 }),
});
// A client retrying: the n-th earlier posting again, same key and same transfers.
const opArb = fc.oneof({ weight: 3, arbitrary: postArb }, fc.record({ repeat: fc.nat() }));

// Every sequence also holds, at random places, one step of each outcome, under keys no random step uses:
// a funding from equity (accepted: a new key, no customer debited), later the same posting again (replayed)
// and later the same key with another amount (reused), and an overdraft (refused). So every run exercises
// every outcome by construction, whatever the seed.
const FUNDING_KEY = RANDOM_KEYS;
const OVERDRAFT_KEY = RANDOM_KEYS + 1;
const sequenceArb = fc
  .record({
    random: fc.array(opArb, { maxLength: 25 }),
    funded: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
    funding: fc.bigInt({ min: 1n, max: 3_000n }),
    overdraft: fc
      .record({
        debit: fc.integer({ min: 0, max: CUSTOMERS - 1 }),
        credit: fc.integer({ min: 0, max: ACCOUNTS - 1 }),
        by: fc.oneof(fc.constant(1n), fc.bigInt({ min: 1n, max: 10n ** 12n })),
      })
      .filter((leg) => leg.debit !== leg.credit),
    places: fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()),
  })
  .map(({ random, funded, funding, overdraft, places: [fund, replay, reuse, overdraw] }): Op[] => {
    const ops: Op[] = [...random];
    const leg: Leg = { debit: EQUITY, credit: funded, amount: funding };
    const at = insertAfter(ops, { legs: [leg], key: FUNDING_KEY }, fund);
    insertAfter(ops, { legs: [{ ...leg }], key: FUNDING_KEY }, replay, at);
    insertAfter(ops, { legs: [{ ...leg, amount: funding + 1n }], key: FUNDING_KEY }, reuse, at);
    insertAfter(ops, { overdraw: { ...overdraft, key: OVERDRAFT_KEY } }, overdraw);
    return ops;
  });

// Seeds run on every run besides a fresh one (test/property.ts). 20261125: the seed this test was pinned to
// (0540775) while its coverage check could fail by chance; no failing seed of this test is on record.
const REGRESSIONS: RegressionSeed[] = [{ seed: 20261125, why: "the seed pinned in 0540775" }];

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
  return ids.map((id) => {
    const balance = byId.get(id);
    if (balance === undefined) throw new Error(`No ledger account ${id}`);
    return balance;
  });
}

async function transferCount(): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transfers`);
  return Number(result.rows[0]?.n);
}

const sameLegs = (a: Leg[], b: Leg[]) =>
  JSON.stringify(a, (_, v) => (typeof v === "bigint" ? `${v}` : v)) ===
  JSON.stringify(b, (_, v) => (typeof v === "bigint" ? `${v}` : v));

describe("the ledger, under random postings", () => {
  for (const run of propertyRuns(REGRESSIONS)) {
    it(`keeps the books at zero, customers at or above zero, balances equal to their transfers (${run.name})`, async () => {
      const equity = await bankAccountId(db, "opening_equity");
      const fees = await bankAccountId(db, "fee_revenue");
      await assertProperty(
        fc.asyncProperty(sequenceArb, async (ops) => {
          const ids = [...(await customerAccounts(db, CUSTOMERS)), equity, fees];
          const model = await balances(ids);
          const posted = new Map<number, { legs: Leg[]; transferIds: number[] }>();
          const runId = randomUUID();
          const sent: Posting[] = [];
          const seen = { accepted: 0, refused: 0, replayed: 0, reused: 0 };
          for (const generated of ops) {
            const op = resolve(generated, sent, model);
            if (op === undefined) continue;
            sent.push(op);
            const transfers: Transfer[] = op.legs.map((leg) => ({
              debit: ids[leg.debit] as number,
              credit: ids[leg.credit] as number,
              amount: sats(leg.amount),
              kind: leg.debit === EQUITY ? "opening_balance" : "customer_transfer",
            }));
            const next = [...model];
            for (const leg of op.legs) {
              next[leg.debit] = (next[leg.debit] as bigint) - leg.amount;
              next[leg.credit] = (next[leg.credit] as bigint) + leg.amount;
            }
            const before = await transferCount();
            const attempt = postTransfers(db, transfers, {
              idempotencyKey: `prop:${runId}:${op.key}`,
              at: new Date(),
            });
            const earlier = posted.get(op.key);
            let accepted = false;
            if (earlier !== undefined && sameLegs(earlier.legs, op.legs)) {
              expect(await attempt).toEqual({ transferIds: earlier.transferIds, replayed: true });
              seen.replayed += 1;
            } else if (earlier !== undefined) {
              await expect(attempt).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
              seen.reused += 1;
            } else if (next.slice(0, CUSTOMERS).some((balance) => balance < 0n)) {
              await expect(attempt).rejects.toBeInstanceOf(InsufficientFundsError);
              seen.refused += 1;
            } else {
              const posting = await attempt;
              expect(posting.replayed).toBe(false);
              expect(posting.transferIds).toHaveLength(op.legs.length);
              posted.set(op.key, { legs: op.legs, transferIds: posting.transferIds });
              model.splice(0, model.length, ...next);
              accepted = true;
              seen.accepted += 1;
            }
            // A refused or repeated posting changed nothing; an accepted one exactly its legs.
            expect(await transferCount()).toBe(before + (accepted ? op.legs.length : 0));
            expect(await balances(ids)).toEqual(model);
          }
          // The sequence exercised every outcome (its generator guarantees one step of each).
          expect(Object.entries(seen).filter(([, count]) => count === 0)).toEqual([]);
          const invariants = await checkLedgerInvariants(db);
          expect(invariants).toMatchObject({
            ok: true,
            totalSats: 0n,
            negativeCustomerAccounts: 0,
            mismatchedAccounts: 0,
          });
        }),
        { run, numRuns: 40 },
      );
    }, 120_000);
  }
});

/** The posting a step makes: a repeat is an earlier one again, an overdraft one more than the customer holds. */
function resolve(op: Op, sent: readonly Posting[], model: readonly bigint[]): Posting | undefined {
  if ("repeat" in op) return sent[op.repeat % Math.max(sent.length, 1)];
  if ("overdraw" in op) {
    const { debit, credit, by, key } = op.overdraw;
    return { legs: [{ debit, credit, amount: (model[debit] as bigint) + by }], key };
  }
  return op;
}
