import { randomUUID } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { apiPaths, type NotificationSettingsBody } from "@satsbank/shared";
import { p2wpkh } from "@scure/btc-signer";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { BroadcastRejected, type ChainBackend } from "../../bitcoin/chain/chain-backend.js";
import { networkParams } from "../../bitcoin/network.js";
import { notifications } from "../../db/schema/index.js";
import { customerBalance } from "../../ledger/accounts.js";
import {
  CHROME_LINUX,
  FIREFOX_WINDOWS,
  fakeClock,
  mailTo,
  postJson,
  signIn,
  signUp,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { markVerified } from "../../test/mark-verified.js";
import {
  balanceOf,
  expectBooksBalanced,
  insertCustomer,
  sendRequest,
  testCustomer,
  walletContext,
} from "../../test/money-helpers.js";
import { type SandboxChain, startSandboxChain } from "../../test/sandbox-chain.js";
import { runPass } from "../../worker/chain-worker.js";
import { totpCode } from "../auth/totp.js";
import { sendBitcoin } from "../wallet/index.js";
import { payOutQueued } from "../withdrawals/index.js";
import { mailDueNotifications } from "./mail-notifications.js";
import { updateSettings } from "./update-settings.js";

// Each event makes its notification in its own db transaction, whatever the customer's settings say;
// the settings decide whether it is also emailed (and, in the app, toasted).

const clock = fakeClock();
let t: TestApp;
let sandbox: SandboxChain;
beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = await startSandboxChain(t);
});
// Customers funded from equity (no coins behind them) and on the chain share these books: the ledger's
// invariants hold, the chain's reserves are the chain tests' own (modules/chain, withdrawals).
afterAll(async () => {
  await expectBooksBalanced(t.db);
  await t.close();
});

async function notificationsOf(userId: string) {
  return t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

const kindsOf = async (userId: string) => (await notificationsOf(userId)).map((row) => row.kind).sort();

/** The customer's one notification that `matches` (events of one moment may share a time). */
async function theOne(userId: string, matches: (row: typeof notifications.$inferSelect) => boolean) {
  const found = (await notificationsOf(userId)).filter(matches);
  expect(found).toHaveLength(1);
  return found[0];
}

function settings(userId: string, body: NotificationSettingsBody) {
  return updateSettings({ ctx: { db: t.db, clock: systemClock }, userId, body });
}

const alertsOn = { transactionAlerts: true, securityAlerts: true } as const;

/** An outside address of the regtest network: a key nobody at the bank holds. */
function outsideAddress(): string {
  const key = secp256k1.utils.randomSecretKey();
  return p2wpkh(secp256k1.getPublicKey(key, true), networkParams.regtest.params).address as string;
}

describe("money", () => {
  it("tells the sender and the payee of a transfer, whatever their Transaction Alerts say", async () => {
    const alice = await testCustomer(t, { name: "Alice Notified", funds: 100_000n });
    const bob = await testCustomer(t, { name: "Bob Notified" });
    await settings(alice.user.id, alertsOn);
    await settings(bob.user.id, alertsOn);

    const res = await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "1500" });
    expect(res.statusCode, res.body).toBe(201);
    const [sent] = await notificationsOf(alice.user.id);
    expect(sent).toMatchObject({
      type: "transaction",
      kind: "money_sent",
      status: "success",
      title: "Bitcoin sent",
      message: `You sent 0.00001500 BTC to ${bob.user.username}.`,
      readAt: null,
      email: null,
    });
    const [received] = await notificationsOf(bob.user.id);
    expect(received).toMatchObject({
      type: "transaction",
      kind: "money_received",
      status: "success",
      title: "Bitcoin received",
      message: `You received 0.00001500 BTC from ${alice.user.username}.`,
    });

    // Bob turns Transaction Alerts off: his list still records the next transfer (the switch governs the
    // app's toasts and the emails, not the list).
    await settings(bob.user.id, { transactionAlerts: false });
    await sendRequest(t, alice.token, { recipient: bob.user.username, amountSats: "500" });
    expect(await kindsOf(alice.user.id)).toEqual(["money_sent", "money_sent"]);
    expect(await kindsOf(bob.user.id)).toEqual(["money_received", "money_received"]);
    await expectBooksBalanced(t.db);
  });

  it("records money moved for a new customer (every switch off), and emails none of it", async () => {
    const carol = await testCustomer(t, { name: "Carol Quiet", funds: 50_000n });
    const dave = await testCustomer(t, { name: "Dave Quiet" });
    const res = await sendRequest(t, carol.token, { recipient: dave.user.username, amountSats: "1000" });
    expect(res.statusCode, res.body).toBe(201);
    expect(await balanceOf(t, dave.token)).toBe(1000n);
    expect(await notificationsOf(carol.user.id)).toMatchObject([
      { kind: "money_sent", title: "Bitcoin sent", email: null },
    ]);
    expect(await notificationsOf(dave.user.id)).toMatchObject([
      { kind: "money_received", title: "Bitcoin received", email: null },
    ]);
  });

  it("tells of a deposit when first seen (pending), when credited, of a withdrawal, and of its failure", async () => {
    const user = await insertCustomer(t.db, "Chain Notified");
    await markVerified({ ctx: { db: t.db, clock: systemClock }, userId: user.id });
    await settings(user.id, alertsOn);
    // CONFIRMATIONS 1: seen and credited in the same pass of the follower.
    await sandbox.deposit(user, 80_000n);
    const seen = await theOne(user.id, (row) => row.status === "pending");
    const credited = await theOne(user.id, (row) => row.status === "success");
    expect(seen).toMatchObject({ kind: "money_received", status: "pending", title: "Incoming Bitcoin" });
    expect(seen?.message).toMatch(/^0\.00080000 BTC is on its way to your address bcrt1\w+\. It is added/);
    expect(seen?.message).toContain("after 1 confirmation.");
    expect(credited).toMatchObject({ kind: "money_received", status: "success", title: "Bitcoin received" });

    const to = outsideAddress();
    await sendBitcoin({
      ctx: walletContext(t),
      sender: user,
      body: { recipient: to, amountSats: "30000", idempotencyKey: randomUUID() },
    });
    const queued = await theOne(user.id, (row) => row.kind === "money_sent");
    expect(queued).toMatchObject({ kind: "money_sent", status: "pending", title: "Bitcoin sent" });
    expect(queued?.message).toBe(
      `You sent 0.00030000 BTC to ${to} (network fee 0.00001000 BTC). It completes once the network confirms it.`,
    );

    const refusing: ChainBackend = {
      ...sandbox.chain,
      broadcast: async () => {
        throw new BroadcastRejected(true, "bad-txns-in-belowout");
      },
    };
    // The payouts alone: these books hold customers funded from equity, which the solvency watchdog
    // (runPass) would rightly pause payouts for.
    await payOutQueued(sandbox.context({ chain: refusing }));
    expect(await customerBalance(t.db, user.id)).toBe(80_000n);
    const failed = await theOne(user.id, (row) => row.kind === "withdrawal_failed");
    expect(failed).toMatchObject({ type: "transaction", kind: "withdrawal_failed", status: "warning" });
    expect(failed?.message).toBe(
      `Your send of 0.00030000 BTC to ${to} could not be completed. The amount and its network fee (0.00031000 BTC in all) are back in your balance.`,
    );
  });
});

describe("security", () => {
  it("tells of a sign-in from a new device or a new place, whatever the settings say", async () => {
    const { account, user } = await signUp(t);
    const home = { remoteAddress: "203.0.113.10", userAgent: CHROME_LINUX };
    // The first sign-in has nothing to compare with; the second is from where the first was.
    await signIn(t, account, home);
    await signIn(t, account, home);
    expect(await notificationsOf(user.id)).toEqual([]);

    await signIn(t, account, { ...home, userAgent: FIREFOX_WINDOWS });
    await signIn(t, account, { ...home, remoteAddress: "198.51.100.7" });
    expect(await kindsOf(user.id)).toEqual(["suspicious_sign_in", "suspicious_sign_in"]);
    const device = await theOne(user.id, (row) => row.message.includes("new device"));
    const place = await theOne(user.id, (row) => row.message.includes("new place"));
    expect(device).toMatchObject({
      type: "security",
      kind: "suspicious_sign_in",
      status: "warning",
      title: "New sign-in to your account",
    });
    expect(device?.message).toContain("from a new device: Firefox");
    expect(device?.message).toContain("(IP address 203.0.113.10)");
    expect(place?.message).toContain("from a new place: Chrome");
    expect(place?.message).toContain("(IP address 198.51.100.7)");
  });

  it("tells of a password changed or reset, whatever the settings say", async () => {
    const { account, token, user } = await signUp(t);
    const changed = await postJson(
      t,
      apiPaths.account.password,
      {
        currentPassword: account.password,
        newPassword: "a brand new password",
        confirmPassword: "a brand new password",
      },
      { cookie: token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await notificationsOf(user.id)).toMatchObject([
      { type: "security", kind: "password_changed", status: "info", title: "Password changed" },
    ]);

    clock.advance(1000);
    await postJson(t, apiPaths.auth.resetRequest, { email: account.email }, { remoteAddress: "192.0.2.77" });
    const [mail] = await mailTo(t, account.email);
    const link = new URL((mail?.text.match(/https?:\/\/\S+/g) ?? [])[0] ?? "http://x");
    const password = "another new password";
    const reset = await postJson(t, apiPaths.auth.resetConfirm, {
      token: link.searchParams.get("token"),
      password,
      confirmPassword: password,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [, second] = await notificationsOf(user.id);
    expect(second).toMatchObject({ kind: "password_changed" });
    expect(second?.message).toContain("reset with a link sent to your email");
  });

  it("tells of two-factor turned on and off whatever Security Alerts says; mails turning it on only with it on", async () => {
    const { account, token, user } = await signUp(t);
    const enrol = async () => {
      const setup = { currentPassword: account.password };
      const { secret } = (
        await postJson(t, apiPaths.account.twoFactorSetup, setup, { cookie: token })
      ).json();
      const on = await postJson(
        t,
        apiPaths.account.twoFactorEnable,
        { code: totpCode({ secret, now: clock.now() }) },
        { cookie: token },
      );
      expect(on.statusCode, on.body).toBe(200);
      clock.advance(30_000);
      return secret as string;
    };
    const disable = async (secret: string) => {
      const off = await postJson(
        t,
        apiPaths.account.twoFactorDisable,
        { code: totpCode({ secret, now: clock.now() }) },
        { cookie: token },
      );
      expect(off.statusCode, off.body).toBe(200);
      clock.advance(30_000);
    };

    await settings(user.id, { emailNotifications: true });
    await disable(await enrol());
    expect(await kindsOf(user.id)).toEqual(["two_factor_disabled", "two_factor_enabled"]);
    // Security Alerts off: two-factor turned on is recorded, not mailed; turned off is protective: mailed.
    expect(await theOne(user.id, (row) => row.kind === "two_factor_enabled")).toMatchObject({ email: null });
    expect(await theOne(user.id, (row) => row.kind === "two_factor_disabled")).toMatchObject({
      email: expect.stringMatching(/^(due|sent)$/),
    });
    await settings(user.id, { securityAlerts: true });
    await disable(await enrol());
    expect(await kindsOf(user.id)).toEqual([
      "two_factor_disabled",
      "two_factor_disabled",
      "two_factor_enabled",
      "two_factor_enabled",
    ]);
    const off = (await notificationsOf(user.id)).find((row) => row.kind === "two_factor_disabled");
    expect(off).toMatchObject({
      type: "security",
      status: "warning",
      title: "Two-factor authentication off",
    });
  });
});

describe("email", () => {
  it("emails each notification made when Email Notifications is on, once its event commits", async () => {
    const erin = await testCustomer(t, { name: "Erin Mailed", funds: 20_000n });
    const frank = await testCustomer(t, { name: "Frank Mailed" });
    await settings(frank.user.id, { transactionAlerts: true, emailNotifications: true });
    await settings(erin.user.id, { transactionAlerts: true });
    await sendRequest(t, erin.token, { recipient: frank.user.username, amountSats: "2500" });

    // The hub hears the commit and sends it; nothing waits in the database.
    await expect.poll(async () => (await mailTo(t, frank.account.email)).length).toBeGreaterThan(1);
    const [mail] = await mailTo(t, frank.account.email);
    expect(mail?.subject).toBe("Satsbank: Bitcoin received");
    expect(mail?.text).toContain(`You received 0.00002500 BTC from ${erin.user.username}.`);
    expect(mail?.text).toContain("/profile/notifications");
    expect(await notificationsOf(frank.user.id)).toMatchObject([{ email: "sent" }]);
    // Email Notifications off: nothing mailed for Erin's own notification (only her sign-up's link).
    expect((await mailTo(t, erin.account.email)).map((m) => m.subject)).not.toContain(
      "Satsbank: Bitcoin sent",
    );
    expect(await notificationsOf(erin.user.id)).toMatchObject([{ kind: "money_sent", email: null }]);
  });
});

describe("one db transaction with the event", () => {
  it("leaves neither the send nor any notification (or email) when a notification cannot be written", async () => {
    const gina = await testCustomer(t, { name: "Gina Atomic", funds: 40_000n });
    const hugo = await testCustomer(t, { name: "Hugo Atomic" });
    await settings(gina.user.id, { transactionAlerts: true, emailNotifications: true });
    await settings(hugo.user.id, { transactionAlerts: true, emailNotifications: true });
    // The payee's notification is written after the posting, the history and the sender's notification.
    await t.db.execute(
      sql.raw(
        "create function refuse_money_received() returns trigger language plpgsql as $$ begin raise exception 'no notification today'; end $$",
      ),
    );
    await t.db.execute(
      sql.raw(
        "create trigger refuse_money_received before insert on notifications for each row when (new.kind = 'money_received') execute function refuse_money_received()",
      ),
    );
    try {
      const res = await sendRequest(t, gina.token, { recipient: hugo.user.username, amountSats: "4000" });
      expect(res.statusCode).toBe(500);
      expect(await balanceOf(t, gina.token)).toBe(40_000n);
      expect(await balanceOf(t, hugo.token)).toBe(0n);
      expect(await notificationsOf(gina.user.id)).toEqual([]);
      expect(
        await mailDueNotifications({
          db: t.db,
          mailer: nullMailer,
          emailOf: async () => "x@example.com",
          brandName: "x",
          publicUrl: "x",
        }),
      ).toBe(0);

      // A deposit is not credited without its notification either: it stays pending for the next pass.
      const before = await customerBalance(t.db, hugo.user.id);
      await expect(sandbox.deposit(hugo.user, 10_000n)).rejects.toThrow();
      expect(await customerBalance(t.db, hugo.user.id)).toBe(before);
    } finally {
      await t.db.execute(sql.raw("drop trigger refuse_money_received on notifications"));
      await t.db.execute(sql.raw("drop function refuse_money_received()"));
    }
    // Once notifications can be written again, the follower records and credits the deposit, telling Hugo.
    await runPass(sandbox.context());
    expect(await customerBalance(t.db, hugo.user.id)).toBe(10_000n);
    expect(await kindsOf(hugo.user.id)).toEqual(["money_received", "money_received"]);
  });
});

const nullMailer = { kind: "outbox" as const, send: async () => {}, close: async () => {} };
