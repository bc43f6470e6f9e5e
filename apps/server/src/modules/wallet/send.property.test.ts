import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../domain/app-error.js";
import { sats } from "../../domain/money.js";
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

// Random sequences of sends (to a customer: wallet_send()), withdrawals (to an outside address),
// repeats of a key, deactivations and reactivations, and time passing, against a model of what each
// customer has, may send in their rolling 24 hours and sees in their history: every answer is the
// model's, and afterwards the balances, the history and the notifications are too, and the books balance.

const REGRESSIONS: RegressionSeed[] = [];
const CUSTOMERS = 3;
const FUNDS = 200_000n;
const LIMIT = 150_000n;
const FEE = 1_000n;
const DAY_MS = 24 * 3_600_000;
/** A valid regtest address outside the bank (as withdrawal-send.test.ts uses). */
const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
/** The least a P2WPKH output may carry (its dust limit). */
const DUST = 294n;

type Op =
  | { kind: "transfer"; from: number; to: number; amount: bigint }
  | { kind: "withdrawal"; from: number; amount: bigint }
  | { kind: "repeat"; index: number; otherAmount: boolean }
  | { kind: "status"; who: number; active: boolean }
  | { kind: "wait"; hours: number };

const who = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const amount = fc.oneof(fc.bigInt({ min: 1_000n, max: 60_000n }), fc.bigInt({ min: 0n, max: 250_000n }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("transfer"), from: who, to: who, amount }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("withdrawal"), from: who, amount }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("repeat"), index: fc.nat(), otherAmount: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("status"), who, active: fc.boolean() }) },
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
      { kind: "withdrawal", from: 2, amount: 1_000n },
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
  const fee = to < 0 ? FEE : 0n;
  const balance = model.balance[from] as bigint;
  const spendable = balance > fee ? balance - fee : 0n;
  const sent = model.sends
    .filter((s) => s.from === from && s.at > at - DAY_MS)
    .reduce((sum, s) => sum + s.amount, 0n);
  const remaining = sent >= LIMIT ? 0n : LIMIT - sent;
  const dust = to < 0 ? DUST : 0n;
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
  return send.body.recipient === OUTSIDE ? "withdrawal" : "transfer";
}

describe("sends, withdrawals and deactivations, at random, against a model", () => {
  for (const run of propertyRuns(REGRESSIONS)) {
    it(`answer and record what the model says (${run.name})`, async () => {
      let now = Date.UTC(2026, 10, 27, 12);
      const clock = { now: () => new Date(now) };
      const ctx = { ...walletContext(t, clock), sendLimits: { level1: sats(LIMIT), level2: sats(LIMIT) } };
      const seen = new Map<string, number>();
      await assertProperty(
        fc.asyncProperty(sequenceArb, async (ops) => {
          // Each run starts a day after the last, everyone active, from the ledger's balances.
          now += 2 * DAY_MS;
          const model: Model = { balance: [], active: [], sends: [], rows: [], claimed: new Map() };
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
                op.kind === "transfer" ? (customers[op.to] as TestCustomer).user.username : OUTSIDE;
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
      // The runs met the outcomes that matter (each sequence holds them: sequenceArb).
      for (const outcome of ["transfer", "withdrawal", "insufficientFunds", "accountInactive"]) {
        expect(seen.get(outcome) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(0);
      }
    }, 180_000);
  }
});
