import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { sats } from "../domain/money.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { customerAccounts, expectBooksBalanced, fundAccount } from "../test/money-helpers.js";
import { bankAccountId } from "./accounts.js";
import { ledgerActivity } from "./activity.js";
import { IdempotencyKeyReusedError, InsufficientFundsError } from "./errors.js";
import { type BatchedTransfer, postTransferBatch } from "./post-transfer-batch.js";
import { postTransfers, type Transfer } from "./post-transfers.js";

// ledgerActivity is what GET /metrics reports of the ledger (satsbank_ledger_*): each test file has a
// database of its own, so the figures here are the whole books', not differences.

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.db;
});
afterAll(() => t.close());

const at = new Date("2030-01-15T12:00:00.000Z");
const key = () => `activity:${randomUUID()}`;
const BANK_KINDS = [
  "bank_losses",
  "cold_vault",
  "deposit_suspense",
  "fee_revenue",
  "hot_wallet",
  "miner_fees",
  "opening_equity",
  "withdrawal_clearing",
] as const;

describe("ledgerActivity", () => {
  it("counts each posting that moved money once, its transfers and satoshis by kind, and balances by account kind", async () => {
    // Before any money moved: no postings, no transfers, every bank account at zero and no customer's yet.
    expect(await ledgerActivity(db)).toEqual({
      postings: 0,
      transfers: [],
      balances: BANK_KINDS.map((kind) => ({ kind, sats: 0n })),
    });

    const [alice, bob, carol] = (await customerAccounts(db, 3)) as [number, number, number];
    const clearing = await bankAccountId(db, "withdrawal_clearing");
    const fees = await bankAccountId(db, "fee_revenue");

    // 1 posting: alice's opening balance.
    await fundAccount(db, alice, 100_000n);
    // 1 posting of 2 transfers: a withdrawal and its fee.
    const toClearing: Transfer = {
      debit: alice,
      credit: clearing,
      amount: sats(20_000n),
      kind: "withdrawal",
    };
    const fee: Transfer = { debit: alice, credit: fees, amount: sats(1_000n), kind: "withdrawal_fee" };
    const withdrawalKey = key();
    await postTransfers(db, [toClearing, fee], { idempotencyKey: withdrawalKey, at });
    // Its retry moves nothing and is no posting; nor is a refused overdraft or a reused key.
    expect(await postTransfers(db, [toClearing, fee], { idempotencyKey: withdrawalKey, at })).toMatchObject({
      replayed: true,
    });
    await expect(
      postTransfers(db, [{ debit: bob, credit: carol, amount: sats(1n), kind: "customer_transfer" }], {
        idempotencyKey: key(),
        at,
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(
      postTransfers(db, [{ ...toClearing, amount: sats(5n) }], { idempotencyKey: withdrawalKey, at }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    // A batch: 2 postings; then one of them again with a new one: 1 more.
    const move = (debit: number, credit: number, amount: bigint): BatchedTransfer => ({
      debit,
      credit,
      amount: sats(amount),
      kind: "customer_transfer",
      idempotencyKey: key(),
    });
    const toBob = move(alice, bob, 30_000n);
    await postTransferBatch(db, [toBob, move(bob, carol, 5_000n)], { at });
    const replies = await postTransferBatch(db, [toBob, move(carol, alice, 2_000n)], { at });
    expect(replies.map((reply) => reply.replayed)).toEqual([true, false]);

    const activity = await ledgerActivity(db);
    expect(activity.postings).toBe(5);
    // By kind, in the kinds' order.
    expect(activity.transfers).toEqual([
      { kind: "customer_transfer", transfers: 3, sats: 30_000n + 5_000n + 2_000n },
      { kind: "opening_balance", transfers: 1, sats: 100_000n },
      { kind: "withdrawal", transfers: 1, sats: 20_000n },
      { kind: "withdrawal_fee", transfers: 1, sats: 1_000n },
    ]);
    // The customers' balances together (alice 51,000, bob 25,000, carol 3,000), and each bank account's.
    expect(activity.balances).toEqual([
      { kind: "bank_losses", sats: 0n },
      { kind: "cold_vault", sats: 0n },
      { kind: "customer", sats: 79_000n },
      { kind: "deposit_suspense", sats: 0n },
      { kind: "fee_revenue", sats: 1_000n },
      { kind: "hot_wallet", sats: 0n },
      { kind: "miner_fees", sats: 0n },
      { kind: "opening_equity", sats: -100_000n },
      { kind: "withdrawal_clearing", sats: 20_000n },
    ]);
    expect(activity.balances.reduce((sum, balance) => sum + balance.sats, 0n)).toBe(0n);
    await expectBooksBalanced(db);
  });
});
