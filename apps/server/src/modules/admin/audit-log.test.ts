import { type AuditEvent, apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDbTransaction } from "../../db/db-transaction.js";
import { databaseError } from "../../db/errors.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testCustomer } from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";
import { recordAuditEvent } from "../audit/index.js";

let t: TestApp;
let alice: TestStaff;
let bob: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  alice = await testStaff(t, { name: "Alice Auditor" });
  bob = await testStaff(t, { name: "Bob Operator" });
});
afterAll(() => t.close());

async function audit(query: Record<string, string>, staff = alice) {
  const res = await t.app.inject({
    method: "GET",
    url: apiPaths.admin.audit,
    query,
    cookies: { satsbank_session: staff.token },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AuditEvent[]; nextCursor: string | null };
}

describe("GET /api/admin/audit", () => {
  it("records every staff action: who, what and its target, when, from where, why", async () => {
    const customer = await testCustomer(t, { name: "Audited Customer" });
    const client = { remoteAddress: "198.51.100.23", userAgent: "Staff Browser/1.0" };
    expect(
      (
        await postJson(
          t,
          apiPaths.admin.customerMessages(customer.user.id),
          { subject: "Your statement", body: "It is ready." },
          { ...client, cookie: bob.token },
        )
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await postJson(
          t,
          apiPaths.admin.deactivateCustomer(customer.user.id),
          { reason: "Card testing from this account" },
          { ...client, cookie: alice.token },
        )
      ).statusCode,
    ).toBe(200);

    const { items } = await audit({ target: customer.user.id });
    expect(items).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        action: "customer.deactivated",
        actor: { id: alice.user.id, name: "Alice Auditor", email: alice.account.email },
        target: { type: "customer", id: customer.user.id },
        customer: {
          id: customer.user.id,
          name: "Audited Customer",
          email: customer.user.email,
          username: customer.user.username,
        },
        ipAddress: "198.51.100.23",
        userAgent: "Staff Browser/1.0",
        reason: "Card testing from this account",
        details: { sessionsEnded: 1 },
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        action: "customer.messaged",
        actor: expect.objectContaining({ id: bob.user.id }),
        reason: null,
        details: { notificationId: expect.any(String), subject: "Your statement" },
      }),
    ]);
    expect(Number(items[0]?.id)).toBeGreaterThan(Number(items[1]?.id));
  });

  it("searches by actor, action, target and text, and pages newest first", async () => {
    const customers = [
      await testCustomer(t, { name: "Zebra Searchable" }),
      await testCustomer(t, { name: "Yak Searchable" }),
    ];
    for (const [i, customer] of customers.entries()) {
      const res = await postJson(
        t,
        apiPaths.admin.deactivateCustomer(customer.user.id),
        { reason: `Chargeback wave number ${i + 1}` },
        { cookie: i === 0 ? alice.token : bob.token },
      );
      expect(res.statusCode).toBe(200);
    }
    const [zebra, yak] = customers as [(typeof customers)[0], (typeof customers)[0]];
    const byActor = await audit({ actor: bob.user.id, action: "customer.deactivated" });
    expect(byActor.items.map((e) => e.customer?.id)).toContain(yak.user.id);
    expect(
      byActor.items.every((e) => e.actor.id === bob.user.id && e.action === "customer.deactivated"),
    ).toBe(true);
    // Text: the reason, the customer's name or email, the actor's name, anywhere, any case.
    expect((await audit({ q: "CHARGEBACK WAVE" })).items.map((e) => e.customer?.id)).toEqual([
      yak.user.id,
      zebra.user.id,
    ]);
    expect((await audit({ q: "zebra searchable" })).items.map((e) => e.customer?.id)).toEqual([
      zebra.user.id,
    ]);
    expect(
      (await audit({ q: "bob oper", action: "customer.deactivated" })).items.map((e) => e.customer?.id),
    ).toContain(yak.user.id);
    expect((await audit({ q: "wave number 1", actor: bob.user.id })).items).toEqual([]);

    const all = (await audit({ limit: "100" })).items.map((e) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await audit({ limit: "2", ...(cursor === null ? {} : { cursor }) });
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all);
    const bad = await t.app.inject({
      method: "GET",
      url: apiPaths.admin.audit,
      query: { cursor: "abc" },
      cookies: { satsbank_session: alice.token },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await getJson(t, `${apiPaths.admin.audit}?action=customer.deleted`, { cookie: alice.token }))
        .statusCode,
    ).toBe(400);
  });
});

describe("audit_events", () => {
  it("is append-only: the database refuses to change or remove a row", async () => {
    const before = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from audit_events`);
    for (const statement of [
      sql`update audit_events set reason = 'rewritten'`,
      sql`delete from audit_events`,
      sql`truncate audit_events`,
    ]) {
      const error = await t.db.execute(statement).then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(databaseError(error)?.code).toBe("AU001");
    }
    const after = await t.db.execute<{ n: string }>(sql`select count(*)::text as n from audit_events`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("is written in the action's db transaction: an action that rolls back leaves no record", async () => {
    const marker = `rolled back ${Date.now()}`;
    await expect(
      inDbTransaction(t.db, async (tx) => {
        await recordAuditEvent(tx, {
          staff: { userId: alice.user.id, ip: "192.0.2.1", userAgent: null },
          action: "support.closed",
          target: { type: "support_request", id: marker },
          at: new Date(),
        });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect((await audit({ target: marker })).items).toEqual([]);
  });
});
