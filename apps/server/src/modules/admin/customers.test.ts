import { randomBytes, randomUUID } from "node:crypto";
import { type AdminCustomer, apiPaths, sendErrors } from "@satsbank/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { passkeys } from "../../db/schema/index.js";
import { AppError } from "../../domain/app-error.js";
import { CHROME_LINUX, getJson, me, postJson, signIn, startSignIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { uploadGood } from "../../test/kyc-helpers.js";
import { type TestCustomer, testCustomer, walletContext } from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { testConfig } from "../../test/test-config.js";
import { findUserById } from "../auth/index.js";
import { relyingPartyOf } from "../passkeys/index.js";
import { enrolPasskey } from "../passkeys/test/enrol-passkey.js";
import { sendBitcoin } from "../wallet/index.js";
import { quoteSend } from "../wallet/quote-send.js";

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  // KYC submissions stay pending until a test decides them.
  t = await createTestApp({
    kycReviewer: { soon: () => undefined, now: async () => 0, idle: async () => undefined },
  });
  staff = await testStaff(t, { name: "Customer Desk" });
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, query, cookies: { satsbank_session: staff.token } });

async function submitBasic(customer: TestCustomer): Promise<string> {
  const identity = await uploadGood(t, customer.token, "identity");
  const address = await uploadGood(t, customer.token, "address");
  const selfie = await uploadGood(t, customer.token, "selfie");
  const res = await postJson(
    t,
    apiPaths.kyc.submissions,
    {
      level: "basic",
      identityDocumentId: identity.id,
      addressDocumentId: address.id,
      selfieDocumentId: selfie.id,
    },
    { cookie: customer.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().submission.id;
}

/** Four customers under one unique word, each different in every sortable column. */
async function fourCustomers() {
  const tag = `Qz${randomBytes(4).toString("hex").replace(/\d/g, "k")}`;
  const alpha = await testCustomer(t, { name: `${tag} Alpha`, funds: 5_000n });
  const bravo = await testCustomer(t, { name: `${tag} Bravo`, verified: false });
  await submitBasic(bravo);
  const charlie = await testCustomer(t, { name: `${tag} Charlie`, verified: false, funds: 200_000n });
  const rejected = await postJson(
    t,
    apiPaths.admin.kycDecision(await submitBasic(charlie)),
    { decision: "reject", reason: "The selfie does not match the passport." },
    { cookie: staff.token },
  );
  expect(rejected.statusCode, rejected.body).toBe(200);
  const delta = await testCustomer(t, { name: `${tag} Delta`, verified: false, funds: 100n });
  // Emails in the reverse order of the names; Delta a business account.
  const lower = tag.toLowerCase();
  for (const [customer, letter] of [
    [alpha, "d"],
    [bravo, "c"],
    [charlie, "b"],
    [delta, "a"],
  ] as const) {
    await t.db.execute(
      sql`update users set email = ${`${lower}-${letter}@example.com`} where id = ${customer.user.id}`,
    );
  }
  await t.db.execute(sql`update users set account_type = 'business' where id = ${delta.user.id}`);
  const deactivated = await postJson(
    t,
    apiPaths.admin.deactivateCustomer(delta.user.id),
    { reason: "Closing at the customer's request" },
    { cookie: staff.token },
  );
  expect(deactivated.statusCode, deactivated.body).toBe(200);
  return { tag, alpha, bravo, charlie, delta };
}

const names = (items: AdminCustomer[]) => items.map((item) => item.name.split(" ")[1]);

describe("GET /api/admin/customers", () => {
  it("finds customers by name or email on the server, case-insensitively, with each column", async () => {
    const { tag, alpha, bravo, charlie, delta } = await fourCustomers();
    const all = await get(apiPaths.admin.customers, { q: tag.toUpperCase(), sort: "name", order: "asc" });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect(all.json().items).toEqual([
      {
        id: alpha.user.id,
        name: `${tag} Alpha`,
        email: `${tag.toLowerCase()}-d@example.com`,
        username: alpha.user.username,
        accountType: "personal",
        kycStatus: "verified",
        joinedAt: expect.any(String),
        balanceSats: "5000",
        status: "active",
      },
      expect.objectContaining({ id: bravo.user.id, kycStatus: "pending", balanceSats: "0" }),
      expect.objectContaining({ id: charlie.user.id, kycStatus: "rejected", balanceSats: "200000" }),
      expect.objectContaining({
        id: delta.user.id,
        kycStatus: "required",
        accountType: "business",
        status: "inactive",
        balanceSats: "100",
      }),
    ]);
    const byName = await get(apiPaths.admin.customers, { q: `${tag.toLowerCase()} bra` });
    expect(names(byName.json().items)).toEqual(["Bravo"]);
    const byEmail = await get(apiPaths.admin.customers, { q: `${tag.toLowerCase()}-B@EXAMPLE` });
    expect(names(byEmail.json().items)).toEqual(["Charlie"]);
    // A search's % and _ are literal characters, not wildcards.
    expect((await get(apiPaths.admin.customers, { q: `${tag}%` })).json().total).toBe(0);
  });

  it("sorts by every column, both ways, and pages with a total", async () => {
    const { tag } = await fourCustomers();
    const sorted = async (sort: string, order: "asc" | "desc") => {
      const res = await get(apiPaths.admin.customers, { q: tag, sort, order });
      expect(res.statusCode, res.body).toBe(200);
      return names(res.json().items);
    };
    const expected: Record<string, string[]> = {
      name: ["Alpha", "Bravo", "Charlie", "Delta"],
      email: ["Delta", "Charlie", "Bravo", "Alpha"],
      kycStatus: ["Alpha", "Bravo", "Charlie", "Delta"],
      joinedAt: ["Alpha", "Bravo", "Charlie", "Delta"],
      balance: ["Bravo", "Delta", "Alpha", "Charlie"],
    };
    for (const [sort, order] of Object.entries(expected)) {
      expect(await sorted(sort, "asc"), `${sort} asc`).toEqual(order);
      expect(await sorted(sort, "desc"), `${sort} desc`).toEqual([...order].reverse());
    }
    // Business before personal, active before inactive (ties by id).
    expect((await sorted("accountType", "asc"))[0]).toBe("Delta");
    expect((await sorted("accountType", "desc"))[3]).toBe("Delta");
    expect((await sorted("status", "asc"))[3]).toBe("Delta");
    expect((await sorted("status", "desc"))[0]).toBe("Delta");

    const page = async (n: number) =>
      (
        await get(apiPaths.admin.customers, {
          q: tag,
          sort: "name",
          order: "asc",
          page: String(n),
          pageSize: "3",
        })
      ).json();
    expect(names((await page(1)).items)).toEqual(["Alpha", "Bravo", "Charlie"]);
    expect(await page(2)).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(names((await page(2)).items)).toEqual(["Delta"]);
    expect((await page(3)).items).toEqual([]);
    // Staff are not customers: never listed.
    expect((await get(apiPaths.admin.customers, { q: staff.account.email })).json().total).toBe(0);
  });

  it("refuses an unknown sort column and a page size above 100", async () => {
    expect((await get(apiPaths.admin.customers, { sort: "password" })).statusCode).toBe(400);
    expect((await get(apiPaths.admin.customers, { pageSize: "101" })).statusCode).toBe(400);
    expect((await get(apiPaths.admin.customers, { page: "0" })).statusCode).toBe(400);
  });
});

describe("GET /api/admin/customers/:userId (User Details)", () => {
  it("shows the profile, balance, KYC items with their documents, transactions, logins and staff actions", async () => {
    const customer = await testCustomer(t, { name: "Detailed Person", verified: false, funds: 12_345n });
    const identity = await uploadGood(t, customer.token, "identity");
    const address = await uploadGood(t, customer.token, "address");
    const selfie = await uploadGood(t, customer.token, "selfie");
    const submitted = await postJson(
      t,
      apiPaths.kyc.submissions,
      {
        level: "basic",
        identityDocumentId: identity.id,
        addressDocumentId: address.id,
        selfieDocumentId: selfie.id,
      },
      { cookie: customer.token },
    );
    expect(submitted.statusCode).toBe(201);
    await signIn(t, customer.account, { remoteAddress: "198.51.100.7", userAgent: CHROME_LINUX });

    const res = await get(apiPaths.admin.customer(customer.user.id.toUpperCase()));
    expect(res.statusCode, res.body).toBe(200);
    const details = res.json();
    expect(details.customer).toMatchObject({
      id: customer.user.id,
      name: "Detailed Person",
      balanceSats: "12345",
      kycStatus: "pending",
      status: "active",
      emailVerified: true,
      twoFactorEnabled: false,
      phone: null,
    });
    expect(details.kyc.level).toBe(0);
    const [identityItem, addressItem, enhancedItem] = details.kyc.items;
    expect(identityItem).toMatchObject({ id: "identity", status: "pending" });
    expect(identityItem.documents.map((d: { id: string }) => d.id).sort()).toEqual(
      [identity.id, selfie.id].sort(),
    );
    expect(identityItem.documents[0].url).toMatch(/^\/api\/kyc\/documents\/[0-9a-f-]{36}$/);
    expect(addressItem.documents).toEqual([
      expect.objectContaining({ id: address.id, kind: "address", url: apiPaths.kyc.document(address.id) }),
    ]);
    expect(enhancedItem).toMatchObject({ id: "enhanced", status: "required", documents: [] });
    // The document link works for staff.
    expect((await get(addressItem.documents[0].url)).statusCode).toBe(200);
    expect(details.recentTransactions).toEqual([
      expect.objectContaining({
        type: "receive",
        amountSats: "12345",
        status: "completed",
        user: { id: customer.user.id, name: "Detailed Person", username: customer.user.username },
      }),
    ]);
    expect(details.loginHistory[0]).toMatchObject({ ipAddress: "198.51.100.7", status: "success" });
    expect(details.auditEvents).toEqual([]);
    expect(details.passkeys).toEqual([]);
  });

  it("lists the customer's passkeys, a blocked one flagged for staff", async () => {
    const customer = await testCustomer(t, { name: "Kim Keys" });
    const rp = relyingPartyOf(testConfig());
    const at = new Date("2030-02-01T10:00:00.000Z");
    await enrolPasskey(t.db, { userId: customer.user.id, rp, now: at, name: "Work laptop" });
    const { passkeyId } = await enrolPasskey(t.db, {
      userId: customer.user.id,
      rp,
      now: new Date(at.getTime() + 60_000),
      name: "Old phone",
    });
    await t.db.update(passkeys).set({ flaggedAt: at }).where(eq(passkeys.id, passkeyId));
    const res = await get(apiPaths.admin.customer(customer.user.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().passkeys).toEqual([
      expect.objectContaining({ id: passkeyId, name: "Old phone", flagged: true, lastUsedAt: null }),
      expect.objectContaining({ name: "Work laptop", flagged: false, createdAt: at.toISOString() }),
    ]);
    // What signs them in is named, never its key material.
    expect(res.body).not.toMatch(/publicKey|credentialId/);
  });

  it("is 404 for an unknown id, a staff account and text that is no id", async () => {
    expect((await get(apiPaths.admin.customer("0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11"))).statusCode).toBe(404);
    expect((await get(apiPaths.admin.customer(staff.user.id))).statusCode).toBe(404);
    expect((await get(apiPaths.admin.customer("not-an-id"))).statusCode).toBe(404);
  });
});

describe("deactivating and reactivating a customer", () => {
  const client = { remoteAddress: "203.0.113.9", userAgent: CHROME_LINUX };

  it("ends their sessions at once, refuses their sign-in with a clear message, and is audited and notified", async () => {
    const customer = await testCustomer(t, { name: "Soon Inactive", funds: 50_000n });
    const second = await signIn(t, customer.account);
    // A sign-in waiting for its code when the deactivation comes.
    const waiting = await startSignIn(t, customer.account);
    expect(waiting.statusCode).toBe(200);

    const res = await postJson(
      t,
      apiPaths.admin.deactivateCustomer(customer.user.id),
      { reason: "  Suspected account takeover  " },
      { ...client, cookie: staff.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().customer).toMatchObject({ id: customer.user.id, status: "inactive" });

    for (const token of [customer.token, second.token]) expect((await me(t, token)).statusCode).toBe(401);
    const sessions = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from sessions where user_id = ${customer.user.id}`,
    );
    expect(sessions.rows[0]?.n).toBe("0");
    const verify = await postJson(t, apiPaths.auth.verify, {
      challengeId: waiting.json().challengeId,
      code: "123456",
    });
    expect(verify.statusCode).toBe(401);

    const refused = await startSignIn(t, customer.account);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "FORBIDDEN",
      message: sendErrors.accountInactive.text,
      reason: "accountInactive",
    });
    // A wrong password still says only that: the account's state is for its owner.
    const wrong = await startSignIn(t, { email: customer.account.email, password: "not the password" });
    expect(wrong.statusCode).toBe(401);

    const audit = await get(apiPaths.admin.audit, { target: customer.user.id });
    expect(audit.json().items).toEqual([
      expect.objectContaining({
        action: "customer.deactivated",
        actor: { id: staff.user.id, name: "Customer Desk", email: staff.account.email },
        target: { type: "customer", id: customer.user.id },
        customer: expect.objectContaining({ id: customer.user.id, name: "Soon Inactive" }),
        ipAddress: "203.0.113.9",
        userAgent: CHROME_LINUX,
        reason: "Suspected account takeover",
        details: { sessionsEnded: 2 },
      }),
    ]);
    const notices = await t.db.execute<{ kind: string; title: string }>(
      sql`select kind, title from notifications where user_id = ${customer.user.id} and kind like 'account_%'`,
    );
    expect(notices.rows).toEqual([{ kind: "account_deactivated", title: "Account deactivated" }]);

    // Twice is a conflict; reactivating lets them sign in again, also audited and notified.
    const again = await postJson(
      t,
      apiPaths.admin.deactivateCustomer(customer.user.id),
      { reason: "Again" },
      { cookie: staff.token },
    );
    expect(again.statusCode).toBe(409);
    const back = await postJson(
      t,
      apiPaths.admin.reactivateCustomer(customer.user.id),
      { reason: "Owner confirmed by phone" },
      { ...client, cookie: staff.token },
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().customer.status).toBe("active");
    const signedIn = await signIn(t, customer.account);
    const list = await getJson(t, apiPaths.notifications.list, { cookie: signedIn.token });
    expect(
      list
        .json()
        .items.map((n: { kind: string }) => n.kind)
        .slice(0, 2),
    ).toEqual(["account_reactivated", "account_deactivated"]);
    const actions = (await get(apiPaths.admin.customer(customer.user.id))).json().auditEvents;
    expect(actions.map((e: { action: string; reason: string }) => [e.action, e.reason])).toEqual([
      ["customer.reactivated", "Owner confirmed by phone"],
      ["customer.deactivated", "Suspected account takeover"],
    ]);
  });

  it("refuses their quote and their send, even one that read the account before it was deactivated", async () => {
    const payer = await testCustomer(t, { name: "Stale Sender", funds: 50_000n });
    const payee = await testCustomer(t, { name: "Stale Payee" });
    const before = await findUserById(t.db, payer.user.id);
    if (before === undefined) throw new Error("no payer");
    const deactivated = await postJson(
      t,
      apiPaths.admin.deactivateCustomer(payer.user.id),
      { reason: "Chargeback investigation" },
      { cookie: staff.token },
    );
    expect(deactivated.statusCode).toBe(200);
    const after = await findUserById(t.db, payer.user.id);
    if (after === undefined) throw new Error("no payer");
    const ctx = walletContext(t, systemClock);
    const body = { recipient: payee.user.username, amountSats: "1000" };
    await expect(quoteSend({ ctx, sender: after, body })).rejects.toMatchObject({
      code: "FORBIDDEN",
      reason: "accountInactive",
    });
    // The user as a request loaded it before the deactivation: the send reads the status again, locked.
    const send = sendBitcoin({ ctx, sender: before, body: { ...body, idempotencyKey: randomUUID() } });
    await expect(send).rejects.toBeInstanceOf(AppError);
    await expect(send).rejects.toMatchObject({ code: "FORBIDDEN", reason: "accountInactive" });
    const sends = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from wallet_transactions where user_id = ${payer.user.id} and type = 'send'`,
    );
    expect(sends.rows[0]?.n).toBe("0");
  });

  it("needs a reason, and only customers can be deactivated", async () => {
    const customer = await testCustomer(t);
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }]) {
      const res = await postJson(t, apiPaths.admin.deactivateCustomer(customer.user.id), body, {
        cookie: staff.token,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toHaveProperty("reason");
    }
    const other = await testStaff(t);
    const res = await postJson(
      t,
      apiPaths.admin.deactivateCustomer(other.user.id),
      { reason: "No" },
      { cookie: staff.token },
    );
    expect(res.statusCode).toBe(404);
    expect((await me(t, customer.token)).statusCode).toBe(200);
  });
});
