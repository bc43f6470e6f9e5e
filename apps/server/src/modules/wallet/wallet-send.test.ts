import { formatBtc } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { expectBooksBalanced, sendRequest, testCustomer, walletContext } from "../../test/money-helpers.js";
import { depositAddressFor } from "../addresses/index.js";
import { upsertSettings } from "../notifications/index.js";

// What wallet_send() writes that the send suites read only through the API: both notifications, in the
// words of notices.ts (the payee's name put in by the function when the send named a deposit address)
// and with their email due exactly when isNotificationEmailed says so.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function latestNotice(userId: string) {
  const result = await t.db.execute<{ kind: string; title: string; message: string; email: string | null }>(
    sql`select kind, title, message, email from notifications where user_id = ${userId}
        order by created_at desc, id desc limit 1`,
  );
  return result.rows[0];
}

describe("a send to a customer, as wallet_send() records it", () => {
  it("tells both sides in notices.ts's words, the payee named even when the send named an address", async () => {
    const alice = await testCustomer(t, { funds: 50_000n });
    const bob = await testCustomer(t);
    const address = await depositAddressFor({ ctx: walletContext(t), userId: bob.user.id });
    const res = await sendRequest(t, alice.token, { recipient: address, amountSats: "700" });
    expect(res.statusCode, res.body).toBe(201);
    expect(await latestNotice(alice.user.id)).toEqual({
      kind: "money_sent",
      title: "Bitcoin sent",
      message: `You sent ${formatBtc(700n)} BTC to ${bob.user.username}.`,
      email: null,
    });
    expect(await latestNotice(bob.user.id)).toEqual({
      kind: "money_received",
      title: "Bitcoin received",
      message: `You received ${formatBtc(700n)} BTC from ${alice.user.username}.`,
      email: null,
    });
  });

  it("makes the email due for a side with Email Notifications and Transaction Alerts on, not the other", async () => {
    const alice = await testCustomer(t, { funds: 50_000n });
    const bob = await testCustomer(t);
    await upsertSettings(t.db, {
      userId: bob.user.id,
      changes: { emailNotifications: true, transactionAlerts: true },
      at: new Date(),
    });
    await upsertSettings(t.db, {
      userId: alice.user.id,
      changes: { emailNotifications: true },
      at: new Date(),
    });
    const res = await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "900" });
    expect(res.statusCode, res.body).toBe(201);
    // Alice's transaction alerts are off: her notice is recorded, not emailed.
    expect((await latestNotice(alice.user.id))?.email).toBeNull();
    // Bob's is due, or already mailed by the hub that heard its announcement.
    expect(["due", "sent"]).toContain((await latestNotice(bob.user.id))?.email);
  });
});
