import { createHash, randomUUID } from "node:crypto";
import type { PasskeyRequired } from "@satsbank/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyChallenges, passkeys, users, withdrawals } from "../../db/schema/index.js";
import { sats } from "../../domain/money.js";
import { type FakeClock, fakeClock } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  sendRequest,
  type TestCustomer,
  testCustomer,
} from "../../test/money-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { relyingPartyOf } from "../passkeys/index.js";
import { enrolPasskey } from "../passkeys/test/enrol-passkey.js";
import type { SoftAuthenticator } from "../passkeys/test/soft-authenticator.js";

// Issue 22: a withdrawal leaves only after the customer's own passkey signed exactly that withdrawal
// (recipient, amount, fee, idempotency key, a single-use nonce); the approval comes before the policy's
// hold or staff review. Sends to another customer stay one tap.

const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";
/** P2WPKH of the public key 2G on regtest: another valid outside address. */
const OTHER_OUTSIDE = "bcrt1qq6hag67dl53wl99vzg42z8eyzfz2xlkvwk6f7m";
const FEE = 1000n;
const REVIEW_ABOVE = 80_000n;

let t: TestApp;
let clock: FakeClock;
const rp = relyingPartyOf(testConfig());

beforeAll(async () => {
  clock = fakeClock(new Date());
  t = await createTestApp({
    clock,
    config: {
      withdrawalFeeSats: sats(FEE),
      withdrawalPolicy: {
        ...testConfig().withdrawalPolicy,
        reviewSats: sats(REVIEW_ABOVE),
        dualApprovalSats: sats(10_000_000n),
      },
    },
  });
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

type WithPasskey = TestCustomer & { authenticator: SoftAuthenticator; passkeyId: string };

async function customerWithPasskey(funds = 500_000n): Promise<WithPasskey> {
  const customer = await testCustomer(t, { name: "Pat Keyholder", funds });
  const enrolled = await enrolPasskey(t.db, { userId: customer.user.id, rp, now: clock.now() });
  return { ...customer, ...enrolled };
}

const withdrawal = (amountSats: bigint, recipient = OUTSIDE) => ({
  recipient,
  amountSats: amountSats.toString(),
  idempotencyKey: randomUUID(),
});

async function countRows(table: "withdrawals" | "wallet_transactions" | "send_requests"): Promise<number> {
  const result = await t.db.execute<{ n: string }>(
    sql`select count(*)::text as n from ${sql.identifier(table)}`,
  );
  return Number(result.rows[0]?.n);
}

/** Asks without an approval: the 403 and its challenge. */
async function challengeOf(customer: TestCustomer, body: Record<string, unknown>): Promise<PasskeyRequired> {
  const res = await sendRequest(t, customer.token, body);
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toMatchObject({
    code: "PASSKEY_REQUIRED",
    message: "Approve this withdrawal with your passkey",
  });
  return res.json().error.passkey;
}

function approve(customer: WithPasskey, required: PasskeyRequired, knobs = {}) {
  return {
    challengeId: required.challengeId,
    response: customer.authenticator.assert(required.options, knobs),
  };
}

describe("a withdrawal of a customer with a passkey", () => {
  it("moves nothing without the approval and answers the challenge to sign, bound to this withdrawal", async () => {
    const pat = await customerWithPasskey();
    const before = {
      withdrawals: await countRows("withdrawals"),
      requests: await countRows("send_requests"),
    };
    const body = withdrawal(25_000n);
    const required = await challengeOf(pat, body);

    expect(required.options).toMatchObject({
      rpId: rp.id,
      userVerification: "required",
      allowCredentials: [{ id: pat.authenticator.credentialId, type: "public-key" }],
    });
    // The challenge is SHA-256 over the canonical JSON (sorted keys, no spaces) of the withdrawal and the nonce.
    const [row] = await t.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, required.challengeId));
    const canonical = `{"amountSats":"25000","feeSats":"${FEE}","idempotencyKey":"${body.idempotencyKey}","nonce":"${row?.nonce}","purpose":"withdrawal","recipient":"${OUTSIDE}"}`;
    expect(required.options.challenge).toBe(createHash("sha256").update(canonical).digest("base64url"));
    expect(row?.expiresAt.getTime()).toBe(clock.now().getTime() + 5 * 60_000);

    expect(await balanceOf(t, pat.token)).toBe(500_000n);
    expect(await countRows("withdrawals")).toBe(before.withdrawals);
    // The idempotency key was not used up: the approved send below claims it.
    expect(await countRows("send_requests")).toBe(before.requests);
  });

  it("goes once approved, and the same request again answers the same send", async () => {
    const pat = await customerWithPasskey();
    const body = withdrawal(25_000n);
    const approval = approve(pat, await challengeOf(pat, body));
    const sent = await sendRequest(t, pat.token, { ...body, approval });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().transaction).toMatchObject({
      amountSats: "25000",
      feeSats: "1000",
      status: "pending",
    });
    expect(await balanceOf(t, pat.token)).toBe(500_000n - 25_000n - FEE);

    const again = await sendRequest(t, pat.token, { ...body, approval });
    expect(again.statusCode).toBe(201);
    expect(again.json().transaction.id).toBe(sent.json().transaction.id);
    expect(await balanceOf(t, pat.token)).toBe(500_000n - 25_000n - FEE);
    const [key] = await t.db
      .select({ lastUsedAt: passkeys.lastUsedAt })
      .from(passkeys)
      .where(eq(passkeys.id, pat.passkeyId));
    expect(key?.lastUsedAt).toEqual(clock.now());
  });

  it("refuses an approval used already for another withdrawal (409)", async () => {
    const pat = await customerWithPasskey();
    const body = withdrawal(10_000n);
    const approval = approve(pat, await challengeOf(pat, body));
    expect((await sendRequest(t, pat.token, { ...body, approval })).statusCode).toBe(201);
    const replay = await sendRequest(t, pat.token, { ...body, idempotencyKey: randomUUID(), approval });
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.reason).toBe("passkeyReused");
    expect(await balanceOf(t, pat.token)).toBe(500_000n - 10_000n - FEE);
  });

  it("refuses a changed amount or address (400) and moves nothing", async () => {
    const pat = await customerWithPasskey();
    const body = withdrawal(20_000n);
    const required = await challengeOf(pat, body);
    for (const changed of [{ amountSats: "20001" }, { recipient: OTHER_OUTSIDE }]) {
      const res = await sendRequest(t, pat.token, { ...body, ...changed, approval: approve(pat, required) });
      expect(res.statusCode, JSON.stringify(changed)).toBe(400);
      expect(res.json().error).toMatchObject({
        reason: "passkeyChanged",
        message: "This withdrawal changed after you approved it. Review it and approve it again.",
      });
    }
    expect(await balanceOf(t, pat.token)).toBe(500_000n);
    // The unchanged withdrawal, approved, still goes: the refusals used nothing up.
    expect((await sendRequest(t, pat.token, { ...body, approval: approve(pat, required) })).statusCode).toBe(
      201,
    );
  });

  it("refuses an expired approval and another customer's passkey", async () => {
    const pat = await customerWithPasskey();
    const eve = await customerWithPasskey();
    const body = withdrawal(15_000n);
    const required = await challengeOf(pat, body);

    const byEve = await sendRequest(t, pat.token, {
      ...body,
      approval: { challengeId: required.challengeId, response: eve.authenticator.assert(required.options) },
    });
    expect(byEve.statusCode).toBe(400);
    expect(byEve.json().error.reason).toBe("passkeyNotVerified");

    clock.advance(5 * 60_000);
    const late = await sendRequest(t, pat.token, { ...body, approval: approve(pat, required) });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.reason).toBe("passkeyExpired");
    expect(await balanceOf(t, pat.token)).toBe(500_000n);
  });

  it("refuses a counter that went backwards and blocks the passkey", async () => {
    const pat = await customerWithPasskey();
    const first = withdrawal(5_000n);
    const ok = approve(pat, await challengeOf(pat, first), { counter: 50 });
    expect((await sendRequest(t, pat.token, { ...first, approval: ok })).statusCode).toBe(201);

    const second = withdrawal(5_000n);
    const cloned = approve(pat, await challengeOf(pat, second), { counter: 49 });
    const res = await sendRequest(t, pat.token, { ...second, approval: cloned });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.reason).toBe("passkeyFlagged");
    const [row] = await t.db.select().from(passkeys).where(eq(passkeys.id, pat.passkeyId));
    expect(row?.flaggedAt).not.toBeNull();
    expect(await balanceOf(t, pat.token)).toBe(500_000n - 5_000n - FEE);

    // Blocked: still asked (the protection stays on), and no assertion of it is accepted.
    const third = withdrawal(5_000n);
    const next = await sendRequest(t, pat.token, {
      ...third,
      approval: approve(pat, await challengeOf(pat, third), { counter: 60 }),
    });
    expect(next.json().error.reason).toBe("passkeyFlagged");
  });

  it("comes before the staff review: an approved large withdrawal then waits for staff", async () => {
    const pat = await customerWithPasskey();
    const body = withdrawal(REVIEW_ABOVE + 1n);
    const sent = await sendRequest(t, pat.token, {
      ...body,
      approval: approve(pat, await challengeOf(pat, body)),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [queued] = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, sent.json().transaction.id));
    expect(queued?.status).toBe("awaiting_approval");
  });
});

describe("what needs no passkey", () => {
  it("a send to another customer stays one tap", async () => {
    const pat = await customerWithPasskey();
    const payee = await testCustomer(t, { name: "Quinn Payee" });
    const res = await sendRequest(t, pat.token, {
      recipient: payee.user.username,
      amountSats: "1000",
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t, payee.token)).toBe(1000n);
  });

  it("a withdrawal of a customer without a passkey, or with the setting off", async () => {
    const plain = await testCustomer(t, { name: "Nora Nokey", funds: 50_000n });
    expect((await sendRequest(t, plain.token, withdrawal(1_000n))).statusCode).toBe(201);

    const pat = await customerWithPasskey();
    await t.db.update(users).set({ approveWithdrawalsWithPasskey: false }).where(eq(users.id, pat.user.id));
    expect((await sendRequest(t, pat.token, withdrawal(1_000n))).statusCode).toBe(201);
  });
});
