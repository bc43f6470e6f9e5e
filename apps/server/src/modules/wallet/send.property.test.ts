import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../domain/app-error.js";
import { sats } from "../../domain/money.js";
import {
  firstStatus,
  gateWithdrawal,
  HOUR_MS,
  type WithdrawalGate,
  type WithdrawalPolicy,
} from "../../domain/withdrawal-policy.js";
import { customerBalance } from "../../ledger/accounts.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { fundFromEquity } from "../../test/fund-from-equity.js";
import {
  expectBooksBalanced,
  type TestCustomer,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { assertProperty, insertAfter, propertyRuns, type RegressionSeed } from "../../test/property.js";
import { findUserById, setUserStatus } from "../auth/index.js";
import { sendBitcoin } from "./send-bitcoin.js";

// Random sequences of sends (to a customer), withdrawals (to two outside addresses), repeats of a key,
// payouts of earlier withdrawals, deactivations and reactivations, and time passing, all through
// wallet_send(), against a model of what each customer has, may send in their rolling 24 hours and sees in
// their history: every answer is the model's, each withdrawal waits where the TypeScript policy
// (gateWithdrawal) says (held for a new address, staff review by amount or pace, queued), and afterwards
// the balances, the history and the notifications are the model's too, and the books balance.

const REGRESSIONS: RegressionSeed[] = [];
const CUSTOMERS = 3;
const FUNDS = 200_000n;
const LIMIT = 150_000n;
const FEE = 1_000n;
const DAY_MS = 24 * 3_600_000;
/**
 * Valid regtest addresses outside the bank: P2WPKH (as withdrawal-send.test.ts uses) and P2WSH (the witness
 * program SHA-256("satsbank property test")).
 */
const OUTSIDE = [
  "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080",
  "bcrt1qvnqa9g34qdssgt5l9z9xwjxdp6ae8rtyxawwvtfg22z3tyjyjf7sf8hxjm",
];
/** The least an output to each may carry (its dust limit). */
const DUST = [294n, 330n];
/** The withdrawal policy of the runs: a day's hold for a new address, review by amount and by pace. */
const POLICY: WithdrawalPolicy = {
  newAddressHoldMs: 24 * HOUR_MS,
  reviewSats: sats(70_000n),
  dualApprovalSats: sats(120_000n),
  perHourReview: 2,
};

type Op =
  | { kind: "transfer"; from: number; to: number; amount: bigint }
  | { kind: "withdrawal"; from: number; to: number; amount: bigint }
  | { kind: "paid"; index: number }
  | { kind: "repeat"; index: number; otherAmount: boolean }
  | { kind: "status"; who: number; active: boolean }
  | { kind: "wait"; hours: number };

const who = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const amount = fc.oneof(fc.bigInt({ min: 1_000n, max: 60_000n }), fc.bigInt({ min: 0n, max: 250_000n }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("transfer"), from: who, to: who, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("withdrawal"),
      from: who,
      to: fc.integer({ min: 0, max: OUTSIDE.length - 1 }),
      amount,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("paid"), index: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("repeat"), index: fc.nat(), otherAmount: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("status"), who, active: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("wait"), hours: fc.integer({ min: 1, max: 30 }) }) },
) as fc.Arbitrary<Op>;

// Every sequence also holds, whatever the seed, the outcomes the check at the end asks for: first an
// accepted transfer and an accepted withdrawal (from the funds each run starts with), and at random places
// an overdraft and a send from a deactivated account, each right after the statuses it needs.
const sequenceArb = fc
  .record({
    random: fc.array(opArb, { minLength: 5, maxLength: 14 }),
    places: fc.tuple(fc.nat(), fc.nat()),
  })
  .map(({ random, places: [overdraft, inactive] }): Op[] => {
    const blocks: Op[][] = random.map((op) => [op]);
    insertAfter(
      blocks,
      [
        { kind: "status", who: 1, active: true },
        { kind: "status", who: 2, active: true },
        { kind: "transfer", from: 1, to: 2, amount: FUNDS * 10n },
      ],
      overdraft,
    );
    insertAfter(
      blocks,
      [
        { kind: "status", who: 0, active: false },
        { kind: "transfer", from: 0, to: 1, amount: 1_000n },
      ],
      inactive,
    );
    const first: Op[] = [
      { kind: "transfer", from: 0, to: 1, amount: 1_000n },
      { kind: "withdrawal", from: 2, to: 0, amount: 1_000n },
    ];
    return [...first, ...blocks.flat()];
  });

let t: TestApp;
let customers: TestCustomer[];
beforeAll(async () => {
  t = await createTestApp();
  customers = [];
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await testCustomer(t, { funds: FUNDS }));
});
afterAll(() => t.close());

async function rowCount(table: "wallet_transactions" | "notifications", userId: string): Promise<number> {
  const result = await t.db.execute<{ n: string }>(
    sql`select count(*)::text as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.n);
}

type Sent = { body: { recipient: string; amountSats: string; idempotencyKey: string }; from: number };
type Model = {
  balance: bigint[];
  active: boolean[];
  /** Accepted sends: who, how much, when (the limit counts them for 24 hours). */
  sends: { from: number; amount: bigint; at: number }[];
  rows: number[];
  /** The accepted sends' keys: the body and the transaction that answers a repeat. */
  claimed: Map<string, { body: Sent["body"]; id: string }>;
  /** The accepted withdrawals (the policy counts them for an hour). */
  withdrawals: { from: number; id: string; address: string; at: number }[];
  /** Who paid which address before (`<customer>:<address>`): kept from run to run, as the database keeps it. */
  paid: Set<string>;
};

/** What the rules answer to a send, by the model: a refusal's reason, or null (accepted). */
function expectedRefusal(model: Model, send: Sent, at: number): string | null {
  const { from, body } = send;
  if (!model.active[from]) return "accountInactive";
  const claimed = model.claimed.get(body.idempotencyKey);
  if (claimed !== undefined) return claimed.body.amountSats === body.amountSats ? null : "keyReused";
  const to = customers.findIndex((customer) => customer.user.username === body.recipient);
  const recipient = to === from ? "selfSend" : to >= 0 && !model.active[to] ? "unknownRecipient" : null;
  const value = BigInt(body.amountSats);
  const outside = OUTSIDE.indexOf(body.recipient);
  const fee = outside >= 0 ? FEE : 0n;
  const balance = model.balance[from] as bigint;
  const spendable = balance > fee ? balance - fee : 0n;
  const sent = model.sends
    .filter((s) => s.from === from && s.at > at - DAY_MS)
    .reduce((sum, s) => sum + s.amount, 0n);
  const remaining = sent >= LIMIT ? 0n : LIMIT - sent;
  const dust = DUST[outside] ?? 0n;
  const problem =
    value <= 0n
      ? "invalidAmount"
      : value < dust
        ? "belowDust"
        : value > spendable
          ? "insufficientFunds"
          : value > remaining
            ? "dailyLimit"
            : null;
  return recipient ?? problem;
}

function recipientKind(send: Sent): string {
  return OUTSIDE.includes(send.body.recipient) ? "withdrawal" : "transfer";
}

/** Where the TypeScript policy puts a withdrawal `send` accepted at `at`, by the model's past. */
function expectedGate(model: Model, send: Sent, at: number): WithdrawalGate {
  const { from, body } = send;
  return gateWithdrawal({
    policy: POLICY,
    amount: sats(BigInt(body.amountSats)),
    paidBefore: model.paid.has(`${from}:${body.recipient}`),
    earlierThisHour: model.withdrawals.filter((w) => w.from === from && w.at > at - HOUR_MS).length,
    at: new Date(at),
  });
}

/** The withdrawal `id` as recorded, and the last notification of its customer: where it waits, and what they were told. */
async function recordedWithdrawal(id: string, userId: string) {
  const result = await t.db.execute<Record<string, unknown>>(sql`
    select w.status, w.held_until, w.approvals_needed, w.review_reason, h.withdrawal_state,
      (select n.kind from notifications n where n.user_id = ${userId} order by n.created_at desc limit 1) as told
    from withdrawals w join wallet_transactions h on h.id = w.id where w.id = ${id}`);
  const row = result.rows[0];
  if (row === undefined) throw new Error(`withdrawal ${id} was not recorded`);
  return {
    status: row.status,
    heldUntil: row.held_until === null ? null : new Date(row.held_until as string).getTime(),
    approvalsNeeded: Number(row.approvals_needed),
    reviewReason: row.review_reason,
    state: row.withdrawal_state,
    told: row.told,
  };
}

const toldOf = { held: "withdrawal_held", awaiting_approval: "withdrawal_review", queued: "money_sent" };

/** A payout of the withdrawal paid its address: recorded as completed (the policy's `paidBefore`). */
async function payOut(id: string): Promise<void> {
  const txid = randomUUID().replaceAll("-", "").repeat(2);
  await t.db.execute(sql`insert into payouts (txid, hex, status, miner_fee_sats, vsize, created_at)
    values (${txid}, '00', 'confirmed', 500, 141, now())`);
  await t.db.execute(
    sql`update withdrawals set status = 'completed', payout_txid = ${txid}, payout_vout = 0 where id = ${id}`,
  );
}

describe("sends, withdrawals and deactivations, at random, against a model", () => {
  for (const run of propertyRuns(REGRESSIONS)) {
    it(`answer and record what the model says (${run.name})`, async () => {
      let now = Date.UTC(2026, 10, 27, 12);
      const clock = { now: () => new Date(now) };
      const ctx = {
        ...walletContext(t, clock),
        sendLimits: { level1: sats(LIMIT), level2: sats(LIMIT) },
        withdrawalPolicy: POLICY,
      };
      const seen = new Map<string, number>();
      const paid = new Set<string>();
      await assertProperty(
        fc.asyncProperty(sequenceArb, async (ops) => {
          // Each run starts a day after the last, everyone active, from the ledger's balances.
          now += 2 * DAY_MS;
          const model: Model = {
            balance: [],
            active: [],
            sends: [],
            rows: [],
            claimed: new Map(),
            withdrawals: [],
            paid,
          };
          for (const customer of customers) {
            await setUserStatus(t.db, customer.user.id, "active", clock.now());
            const short = FUNDS - (await customerBalance(t.db, customer.user.id));
            if (short > 0n) {
              await fundFromEquity({
                ctx: { db: t.db, clock },
                userId: customer.user.id,
                amount: sats(short),
                idempotencyKey: `top-up:${randomUUID()}`,
              });
            }
            model.balance.push(await customerBalance(t.db, customer.user.id));
            model.active.push(true);
            model.rows.push(await rowCount("wallet_transactions", customer.user.id));
          }
          const notices = await Promise.all(customers.map((c) => rowCount("notifications", c.user.id)));
          const history: Sent[] = [];
          for (const op of ops) {
            now += 60_000;
            if (op.kind === "wait") {
              now += op.hours * 3_600_000;
              continue;
            }
            if (op.kind === "paid") {
              const withdrawal = model.withdrawals[op.index % Math.max(model.withdrawals.length, 1)];
              if (withdrawal === undefined || model.paid.has(`${withdrawal.from}:${withdrawal.address}`))
                continue;
              await payOut(withdrawal.id);
              model.paid.add(`${withdrawal.from}:${withdrawal.address}`);
              continue;
            }
            if (op.kind === "status") {
              const id = (customers[op.who] as TestCustomer).user.id;
              await setUserStatus(t.db, id, op.active ? "active" : "inactive", clock.now());
              model.active[op.who] = op.active;
              continue;
            }
            let send: Sent;
            if (op.kind === "repeat") {
              const earlier = history[op.index % Math.max(history.length, 1)];
              if (earlier === undefined) continue;
              const otherAmount = op.otherAmount ? (BigInt(earlier.body.amountSats) + 1n).toString() : null;
              send = {
                ...earlier,
                body: { ...earlier.body, amountSats: otherAmount ?? earlier.body.amountSats },
              };
            } else {
              const recipient =
                op.kind === "transfer"
                  ? (customers[op.to] as TestCustomer).user.username
                  : (OUTSIDE[op.to] as string);
              send = {
                from: op.from,
                body: { recipient, amountSats: op.amount.toString(), idempotencyKey: randomUUID() },
              };
            }
            history.push(send);
            const expected = expectedRefusal(model, send, now);
            const outcome =
              expected ?? (model.claimed.has(send.body.idempotencyKey) ? "repeat" : recipientKind(send));
            seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
            // The sender as their session reads them, at this moment.
            const sender = await findUserById(t.db, (customers[send.from] as TestCustomer).user.id);
            if (sender === undefined) throw new Error("no sender");
            const answer = await sendBitcoin({ ctx, sender, body: send.body }).catch(
              (error: unknown) => error,
            );
            if (expected !== null) {
              expect(answer).toBeInstanceOf(AppError);
              expect((answer as AppError).reason).toBe(expected);
              continue;
            }
            expect(answer).not.toBeInstanceOf(Error);
            const transaction = answer as { id: string; amountSats: string };
            const claimed = model.claimed.get(send.body.idempotencyKey);
            if (claimed !== undefined) {
              expect(transaction.id).toBe(claimed.id);
              continue;
            }
            const value = BigInt(send.body.amountSats);
            const to = customers.findIndex((c) => c.user.username === send.body.recipient);
            if (to < 0) {
              // Where the TypeScript policy puts it, and the notice that says so.
              const gate = expectedGate(model, send, now);
              const status = firstStatus(gate);
              const customer = (customers[send.from] as TestCustomer).user.id;
              expect(await recordedWithdrawal(transaction.id, customer)).toEqual({
                status,
                heldUntil: gate.heldUntil?.getTime() ?? null,
                approvalsNeeded: gate.approvalsNeeded,
                reviewReason: gate.reviewReason,
                state: status,
                told: toldOf[status],
              });
              seen.set(status, (seen.get(status) ?? 0) + 1);
              model.withdrawals.push({
                from: send.from,
                id: transaction.id,
                address: send.body.recipient,
                at: now,
              });
            }
            model.balance[send.from] = (model.balance[send.from] as bigint) - value - (to < 0 ? FEE : 0n);
            model.rows[send.from] = (model.rows[send.from] as number) + 1;
            notices[send.from] = (notices[send.from] as number) + 1;
            if (to >= 0) {
              model.balance[to] = (model.balance[to] as bigint) + value;
              model.rows[to] = (model.rows[to] as number) + 1;
              notices[to] = (notices[to] as number) + 1;
            }
            model.sends.push({ from: send.from, amount: value, at: now });
            model.claimed.set(send.body.idempotencyKey, { body: send.body, id: transaction.id });
          }
          for (const [i, customer] of customers.entries()) {
            expect(await customerBalance(t.db, customer.user.id)).toBe(model.balance[i]);
            expect(await rowCount("wallet_transactions", customer.user.id)).toBe(model.rows[i]);
            expect(await rowCount("notifications", customer.user.id)).toBe(notices[i]);
          }
          await expectBooksBalanced(t.db);
        }),
        { run, numRuns: 12 },
      );
      // The runs met the outcomes that matter (each sequence holds them: sequenceArb; the first
      // withdrawal of the first sequence goes to an address its customer never paid: held).
      for (const outcome of ["transfer", "withdrawal", "held", "insufficientFunds", "accountInactive"]) {
        expect(seen.get(outcome) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(0);
      }
    }, 180_000);
  }
});
