import { randomUUID } from "node:crypto";
import { apiPaths, type PasskeyRequired } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, solvencyState, withdrawals } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  expectBooksBalanced,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { relyingPartyOf } from "./relying-party.js";
import { enrolPasskey } from "./test/enrol-passkey.js";
import type { SoftAuthenticator } from "./test/soft-authenticator.js";

// Issue 22, staff: approving a large withdrawal and resuming paused payouts ask a member of staff who has a
// passkey for a fresh assertion over exactly that action (step-up); staff without one go on as before.

const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
const rp = relyingPartyOf(testConfig());

let t: TestApp;
let customer: TestCustomer;
let keyed: TestStaff & { authenticator: SoftAuthenticator };
let plain: TestStaff;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      withdrawalPolicy: {
        ...testConfig().withdrawalPolicy,
        reviewSats: sats(10_000n),
        dualApprovalSats: sats(10_000_000n),
      },
    },
  });
  customer = await testCustomer(t, { name: "Large Withdrawer", funds: 1_000_000n });
  const staff = await testStaff(t, { name: "Keyed Approver" });
  const { authenticator } = await enrolPasskey(t.db, { userId: staff.user.id, rp, now: new Date() });
  keyed = { ...staff, authenticator };
  plain = await testStaff(t, { name: "Plain Approver" });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

/** A withdrawal above the review amount: it waits for one member of staff. */
async function waitingWithdrawal(): Promise<string> {
  const res = await sendRequest(t, customer.token, {
    recipient: OUTSIDE,
    amountSats: "20000",
    idempotencyKey: randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().transaction.id;
}

const statusOf = async (id: string) =>
  (await t.db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id)))[0]
    ?.status;

const approve = (staff: TestStaff, id: string, body: Record<string, unknown> = {}) =>
  postJson(t, apiPaths.admin.approveWithdrawal(id), body, { cookie: staff.token });

function required(res: {
  statusCode: number;
  json(): { error: { code: string; message: string; passkey: PasskeyRequired } };
}) {
  expect(res.statusCode).toBe(403);
  expect(res.json().error).toMatchObject({
    code: "PASSKEY_REQUIRED",
    message: "Confirm this action with your passkey",
  });
  return res.json().error.passkey;
}

const signed = (challenge: PasskeyRequired) => ({
  challengeId: challenge.challengeId,
  response: keyed.authenticator.assert(challenge.options),
});

describe("approving a withdrawal", () => {
  it("asks staff with a passkey to sign this approval; without it nothing is recorded", async () => {
    const id = await waitingWithdrawal();
    const challenge = required(await approve(keyed, id));
    expect(await statusOf(id)).toBe("awaiting_approval");
    const audited = await t.db.select().from(auditEvents).where(eq(auditEvents.targetId, id));
    expect(audited).toHaveLength(0);

    const res = await approve(keyed, id, { approval: signed(challenge) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(id)).toBe("queued");
  });

  it("refuses a signature over another withdrawal's approval, and a used one", async () => {
    const first = await waitingWithdrawal();
    const second = await waitingWithdrawal();
    const forFirst = signed(required(await approve(keyed, first)));
    const crossed = await approve(keyed, second, { approval: forFirst });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.reason).toBe("passkeyChanged");
    expect(await statusOf(second)).toBe("awaiting_approval");

    expect((await approve(keyed, first, { approval: forFirst })).statusCode).toBe(200);
    const reused = await approve(keyed, second, { approval: forFirst });
    expect(reused.statusCode).toBe(409);
    expect(await statusOf(second)).toBe("awaiting_approval");
  });

  it("goes on in one step for staff without a passkey", async () => {
    const id = await waitingWithdrawal();
    expect((await approve(plain, id)).statusCode).toBe(200);
    expect(await statusOf(id)).toBe("queued");
  });
});

describe("resuming paused payouts", () => {
  it("asks staff with a passkey to sign the resumption and its reason", async () => {
    await t.db.insert(solvencyState).values({
      id: 1,
      checkedAt: new Date(),
      ok: false,
      liabilitiesSats: 0n,
      hotSats: 0n,
      vaultSats: 0n,
      problems: [],
      pausedSince: new Date(),
    });
    const reason = "The books were checked by hand: the shortfall is a display error";
    const challenge = required(
      await postJson(t, apiPaths.admin.solvencyResume, { reason }, { cookie: keyed.token }),
    );
    const pausedSince = async () => (await t.db.select().from(solvencyState))[0]?.pausedSince;
    expect(await pausedSince()).not.toBeNull();

    const otherReason = await postJson(
      t,
      apiPaths.admin.solvencyResume,
      { reason: "another reason", approval: signed(challenge) },
      { cookie: keyed.token },
    );
    expect(otherReason.json().error.reason).toBe("passkeyChanged");

    const res = await postJson(
      t,
      apiPaths.admin.solvencyResume,
      { reason, approval: signed(challenge) },
      { cookie: keyed.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await pausedSince()).toBeNull();
  });
});
