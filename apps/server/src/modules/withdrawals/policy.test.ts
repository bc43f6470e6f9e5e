import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths, sendErrors, withdrawalDecisionTexts } from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { networkParams } from "../../bitcoin/network.js";
import { auditEvents, notifications, withdrawals } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { fakeClock, getJson, postJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  quoteRequest,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { expectChainBooksBalanced, type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { runPass } from "../../worker/chain-worker.js";
import { releaseHeldWithdrawals } from "./release-held.js";

const HOUR = 3_600_000;
let t: TestApp;
let sandbox: SandboxChain;
let first: TestStaff;
let second: TestStaff;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      withdrawalPolicy: {
        newAddressHoldMs: 24 * HOUR,
        reviewSats: sats(50_000n),
        dualApprovalSats: sats(80_000n),
        perHourReview: 3,
      },
    },
  });
  sandbox = await startSandboxChain(t);
  first = await testStaff(t, { name: "First Approver" });
  second = await testStaff(t, { name: "Second Approver" });
});
afterAll(() => t.close());
// Every test moves money: every invariant of the books holds after it.
afterEach(() => expectChainBooksBalanced(t));

function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

async function fundedCustomer(amount = 1_000_000n): Promise<TestCustomer> {
  const customer = await testCustomer(t, { name: "Policy Tester" });
  await sandbox.deposit(customer.user, amount);
  return customer;
}

async function withdraw(customer: TestCustomer, address: string, amount: bigint) {
  const res = await sendRequest(t, customer.token, { recipient: address, amountSats: amount.toString() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transaction;
}

const statusOf = async (id: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]?.status;
const later = (hours: number) => fakeClock(new Date(Date.now() + hours * HOUR));
const cancel = (customer: TestCustomer, id: string) =>
  postJson(t, apiPaths.wallet.cancelWithdrawal(id), {}, { cookie: customer.token });
const approve = (staff: TestStaff, id: string) =>
  postJson(t, apiPaths.admin.approveWithdrawal(id), {}, { cookie: staff.token });
const reject = (staff: TestStaff, id: string, reason: string) =>
  postJson(t, apiPaths.admin.rejectWithdrawal(id), { reason }, { cookie: staff.token });

describe("a first withdrawal to a new address", () => {
  it("is held, says so before and after, tells and emails the customer, and can be cancelled", async () => {
    const customer = await fundedCustomer();
    const to = outsideAddress();
    const quote = await quoteRequest(t, customer.token, { recipient: to, amountSats: "10000" });
    expect(quote.json().withdrawal).toEqual({ holdHours: 24, approvalsNeeded: 0 });

    const sent = await withdraw(customer, to, 10_000n);
    expect(sent.withdrawal).toMatchObject({ state: "held", reason: null });
    const heldFor = new Date(sent.withdrawal.heldUntil).getTime() - new Date(sent.createdAt).getTime();
    expect(heldFor).toBe(24 * HOUR);
    expect(await balanceOf(t, customer.token)).toBe(1_000_000n - 11_000n);
    // Protective: made although every switch is off, and emailed.
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.user.id), eq(notifications.kind, "withdrawal_held")));
    // Emailed whatever the settings say: due, or already handed to the mailer.
    expect(["due", "sent"]).toContain(told?.email);
    expect(told?.message).toContain(to);

    // The worker does not pay it while it is held.
    expect((await runPass(sandbox.context({ clock: systemClock }))).payOut).toEqual({ outcome: "idle" });

    const someoneElse = await testCustomer(t);
    expect((await cancel(someoneElse, sent.id)).statusCode).toBe(404);
    const cancelled = await cancel(customer, sent.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().transaction).toMatchObject({
      status: "failed",
      withdrawal: { state: "cancelled" },
    });
    expect(await balanceOf(t, customer.token)).toBe(1_000_000n);
    // Again: the same answer, the money back once.
    expect((await cancel(customer, sent.id)).json().transaction.withdrawal.state).toBe("cancelled");
    expect(await balanceOf(t, customer.token)).toBe(1_000_000n);
    expect(await statusOf(sent.id)).toBe("cancelled");
  });

  it("is paid once its hold is over; the address is then known and the next one goes at once", async () => {
    const customer = await fundedCustomer();
    const to = outsideAddress();
    const sent = await withdraw(customer, to, 20_000n);
    expect(await releaseHeldWithdrawals({ db: t.db, clock: later(23) })).toBe(0);
    expect(await releaseHeldWithdrawals({ db: t.db, clock: later(25) })).toBeGreaterThanOrEqual(1);
    expect(await statusOf(sent.id)).toBe("queued");
    expect((await cancel(customer, sent.id)).json()).toMatchObject({
      error: { code: "CONFLICT", reason: "notCancellable", message: sendErrors.notCancellable.text },
    });

    const pass = await runPass(sandbox.context());
    expect(pass.payOut).toMatchObject({ outcome: "paid", broadcast: { outcome: "broadcast" } });
    const onItsWay = await getJson(t, `${apiPaths.transactions.list}/${sent.id}`, { cookie: customer.token });
    expect(onItsWay.json().transaction.withdrawal.state).toBe("broadcast");
    await sandbox.node.mine(1);
    await runPass(sandbox.context());
    const done = await getJson(t, `${apiPaths.transactions.list}/${sent.id}`, { cookie: customer.token });
    expect(done.json().transaction).toMatchObject({
      status: "completed",
      withdrawal: { state: "confirmed" },
    });

    const quote = await quoteRequest(t, customer.token, { recipient: to, amountSats: "5000" });
    expect(quote.json().withdrawal).toEqual({ holdHours: null, approvalsNeeded: 0 });
    expect((await withdraw(customer, to, 5_000n)).withdrawal.state).toBe("queued");
  });
});

describe("withdrawals that need staff", () => {
  /** A withdrawal past its hold: it then waits for approval. */
  async function awaitingApproval(customer: TestCustomer, amount: bigint) {
    const sent = await withdraw(customer, outsideAddress(), amount);
    await releaseHeldWithdrawals({ db: t.db, clock: later(25) });
    expect(await statusOf(sent.id)).toBe("awaiting_approval");
    return sent;
  }

  it("above the review amount: listed with the customer's context, one approval queues it", async () => {
    const customer = await fundedCustomer();
    await signIn(t, customer.account);
    const sent = await awaitingApproval(customer, 60_000n);
    const listed = await getJson(t, apiPaths.admin.withdrawals, { cookie: first.token });
    expect(listed.statusCode, listed.body).toBe(200);
    const card = listed.json().items.find((item: { id: string }) => item.id === sent.id);
    expect(card).toMatchObject({
      customer: { id: customer.user.id, username: customer.user.username },
      amountSats: "60000",
      status: "awaiting_approval",
      approvalsNeeded: 1,
      reviewReason: "amount",
      decisions: [],
      context: { kycLevel: 1, addressHistory: { byCustomer: 0, byOthers: 0, firstPaidAt: null } },
    });
    expect(card.context.recentSignIns).toEqual([expect.objectContaining({ status: "success" })]);
    expect((await getJson(t, apiPaths.admin.withdrawals, { cookie: customer.token })).statusCode).toBe(403);

    const approved = await approve(first, sent.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().withdrawal).toEqual({
      id: sent.id,
      status: "queued",
      approvalsNeeded: 1,
      approvals: 1,
    });
    expect((await approve(second, sent.id)).json().error.message).toBe(withdrawalDecisionTexts.notAwaiting);
    const [audited] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, sent.id), eq(auditEvents.action, "withdrawal.approved")));
    expect(audited?.actorUserId).toBe(first.user.id);
    await runPass(sandbox.context());
    expect(await statusOf(sent.id)).toBe("sent");
  });

  it("a rejection gives the money back, with the reason the customer reads and an email", async () => {
    const customer = await fundedCustomer();
    const sent = await awaitingApproval(customer, 60_000n);
    expect((await reject(first, sent.id, "")).statusCode).toBe(400);
    const rejected = await reject(first, sent.id, "We could not confirm this address belongs to you.");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().withdrawal.status).toBe("rejected");
    expect(await balanceOf(t, customer.token)).toBe(1_000_000n);
    const row = await getJson(t, `${apiPaths.transactions.list}/${sent.id}`, { cookie: customer.token });
    expect(row.json().transaction).toMatchObject({
      status: "failed",
      withdrawal: { state: "rejected", reason: "We could not confirm this address belongs to you." },
    });
    const [told] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.user.id), eq(notifications.kind, "withdrawal_rejected")));
    expect(["due", "sent"]).toContain(told?.email);
    expect(told?.message).toContain("We could not confirm this address belongs to you.");
    expect((await cancel(customer, sent.id)).statusCode).toBe(409);
  });

  it("above the dual amount: two different members of staff, never the same one twice", async () => {
    const customer = await fundedCustomer();
    const sent = await awaitingApproval(customer, 90_000n);
    // A burst of the same person's approvals: one is recorded.
    const burst = await Promise.all(Array.from({ length: 5 }, () => approve(first, sent.id)));
    expect(burst.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(burst.find((res) => res.statusCode === 200)?.json().withdrawal).toMatchObject({
      status: "awaiting_approval",
      approvalsNeeded: 2,
      approvals: 1,
    });
    expect(burst.find((res) => res.statusCode === 409)?.json().error.message).toBe(
      withdrawalDecisionTexts.alreadyDecided,
    );
    expect(await statusOf(sent.id)).toBe("awaiting_approval");
    const released = await approve(second, sent.id);
    expect(released.json().withdrawal).toMatchObject({ status: "queued", approvals: 2 });
  });

  it("past the hour's allowance: the next withdrawal goes to review", async () => {
    const customer = await fundedCustomer();
    const to = outsideAddress();
    const paid = await withdraw(customer, to, 2_000n);
    await releaseHeldWithdrawals({ db: t.db, clock: later(25) });
    await runPass(sandbox.context());
    expect(await statusOf(paid.id)).toBe("sent");
    // Three withdrawals in the hour (the first included) are allowed; the fourth waits for staff.
    expect((await withdraw(customer, to, 2_000n)).withdrawal.state).toBe("queued");
    expect((await withdraw(customer, to, 2_000n)).withdrawal.state).toBe("queued");
    const fourth = await withdraw(customer, to, 2_000n);
    expect(fourth.withdrawal.state).toBe("awaiting_approval");
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, fourth.id));
    expect(row).toMatchObject({ reviewReason: "velocity", approvalsNeeded: 1 });
    await runPass(sandbox.context());
  });

  it("a cancellation racing an approval: one of them wins, the money moves once", async () => {
    const customer = await fundedCustomer();
    const sent = await awaitingApproval(customer, 60_000n);
    const [cancelled, approved] = await Promise.all([cancel(customer, sent.id), approve(first, sent.id)]);
    const status = await statusOf(sent.id);
    if (status === "cancelled") {
      expect([cancelled.statusCode, approved.statusCode]).toEqual([200, 409]);
      expect(await balanceOf(t, customer.token)).toBe(1_000_000n);
    } else {
      expect(status).toBe("queued");
      expect([cancelled.statusCode, approved.statusCode]).toEqual([409, 200]);
      expect(await balanceOf(t, customer.token)).toBe(1_000_000n - 61_000n);
    }
  });
});
