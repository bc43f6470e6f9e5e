import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client.js";
import { databaseError } from "../../db/errors.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import {
  balanceOf,
  expectBooksBalanced,
  sendRequest,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { findUserById } from "../auth/index.js";
import { relyingPartyOf } from "../passkeys/index.js";
import { enrolPasskey } from "../passkeys/test/enrol-passkey.js";
import { walletSend } from "./wallet-send.js";

// wallet_send() does not take the TypeScript's word for a passkey approval: the challenge it is given must
// have been claimed by the very db transaction it runs in (single use, locked to the commit), and be bound
// to exactly the withdrawal it sends (recipient, amount, fee, key). The signature itself is checked in
// TypeScript (passkey-withdrawal.test.ts); these call the function as a caller that skipped it would.

const OUTSIDE = "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

/** A funded customer with a passkey, a withdrawal body, and the challenge the API issued for it (403). */
async function approvalAsked(amountSats: string) {
  const customer = await testCustomer(t, { funds: 100_000n });
  await enrolPasskey(t.db, { userId: customer.user.id, rp: relyingPartyOf(testConfig()), now: new Date() });
  const body = { recipient: OUTSIDE, amountSats, idempotencyKey: randomUUID() };
  const res = await sendRequest(t, customer.token, body);
  expect(res.statusCode, res.body).toBe(403);
  const sender = await findUserById(t.db, customer.user.id);
  if (sender === undefined) throw new Error("no sender");
  return { customer, sender, body, challengeId: res.json().error.passkey.challengeId as string };
}

/** Claims the challenge as verifyAssertion does (no signature checked) in `tx`. */
async function claim(tx: Db, challengeId: string): Promise<void> {
  await tx.execute(sql`update passkey_challenges set consumed_at = now() where id = ${challengeId}`);
}

function send(asked: Awaited<ReturnType<typeof approvalAsked>>, amountSats: string) {
  return {
    ctx: walletContext(t),
    sender: asked.sender,
    recipient: { kind: "address" as const, address: OUTSIDE },
    amountSats,
    note: null,
    idempotencyKey: asked.body.idempotencyKey,
    requestHash: `test:${amountSats}`,
  };
}

describe("wallet_send() and a passkey approval", () => {
  it("sends when the challenge claimed in its own db transaction is bound to this withdrawal", async () => {
    const asked = await approvalAsked("20000");
    await t.db.transaction(async (tx) => {
      await claim(tx, asked.challengeId);
      await walletSend(send(asked, "20000"), { tx, challengeId: asked.challengeId });
    });
    expect(await balanceOf(t, asked.customer.token)).toBe(100_000n - 20_000n - 1_000n);
  });

  it("refuses a challenge bound to another amount, and moves nothing", async () => {
    const asked = await approvalAsked("20000");
    const refused = await t.db
      .transaction(async (tx) => {
        await claim(tx, asked.challengeId);
        await walletSend(send(asked, "20001"), { tx, challengeId: asked.challengeId });
      })
      .catch((error: unknown) => error);
    expect(databaseError(refused)?.code).toBe("WS007");
    expect(await balanceOf(t, asked.customer.token)).toBe(100_000n);
  });

  it("refuses a challenge claimed by an earlier db transaction (a replay), and one not claimed at all", async () => {
    const asked = await approvalAsked("20000");
    const unclaimed = await t.db
      .transaction((tx) => walletSend(send(asked, "20000"), { tx, challengeId: asked.challengeId }))
      .catch((error: unknown) => error);
    expect(databaseError(unclaimed)?.code).toBe("WS007");
    await claim(t.db, asked.challengeId);
    const replayed = await t.db
      .transaction((tx) => walletSend(send(asked, "20000"), { tx, challengeId: asked.challengeId }))
      .catch((error: unknown) => error);
    expect(databaseError(replayed)?.code).toBe("WS007");
    expect(await balanceOf(t, asked.customer.token)).toBe(100_000n);
  });
});
