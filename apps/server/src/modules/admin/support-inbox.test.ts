import { type AdminSupportRequest, apiPaths } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getJson, mailTo, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { type TestCustomer, testCustomer } from "../../test/money-helpers.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await createTestApp();
  staff = await testStaff(t, { name: "Support Agent" });
});
afterAll(() => t.close());

async function ask(customer: TestCustomer, subject: string): Promise<string> {
  const res = await postJson(
    t,
    apiPaths.support.requests,
    { subject, message: "My deposit of yesterday has not arrived yet." },
    { cookie: customer.token },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().request.id;
}

async function inbox(status: string): Promise<AdminSupportRequest[]> {
  const res = await getJson(t, `${apiPaths.admin.support}?status=${status}&limit=100`, {
    cookie: staff.token,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

const reply = (id: string, message: string) =>
  postJson(
    t,
    apiPaths.admin.supportReply(id),
    { message },
    { cookie: staff.token, remoteAddress: "192.0.2.77" },
  );

describe("the support inbox", () => {
  it("lists open requests oldest first with their customer; each status filters", async () => {
    const customer = await testCustomer(t, { name: "Asking Person" });
    const older = await ask(customer, "First question");
    const newer = await ask(customer, "Second question");
    const open = await inbox("open");
    const ids = open.map((request) => request.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    expect(open.find((request) => request.id === older)).toEqual({
      id: older,
      subject: "First question",
      message: "My deposit of yesterday has not arrived yet.",
      email: customer.user.email,
      status: "open",
      createdAt: expect.any(String),
      source: "account",
      name: null,
      customer: {
        id: customer.user.id,
        name: "Asking Person",
        email: customer.user.email,
        username: customer.user.username,
      },
      replies: [],
    });
    // Any other filter lists newest first.
    const all = (await inbox("all")).map((request) => request.id);
    expect(all.indexOf(newer)).toBeLessThan(all.indexOf(older));
    expect((await inbox("answered")).map((request) => request.id)).not.toContain(older);
    expect(
      (await getJson(t, `${apiPaths.admin.support}?status=pending`, { cookie: staff.token })).statusCode,
    ).toBe(400);
  });

  it("mails a reply to the customer and notifies them; the request is answered, the reply kept and audited", async () => {
    const customer = await testCustomer(t, { name: "Waiting Answer" });
    const id = await ask(customer, "Where is my deposit?");
    const settings = await t.app.inject({
      method: "PATCH",
      url: apiPaths.notifications.settings,
      payload: { emailNotifications: true },
      cookies: { satsbank_session: customer.token },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const message = "Hello,\r\nyour deposit needs 3 confirmations.\nIt is credited within the hour.";
    const res = await reply(id, message);
    expect(res.statusCode, res.body).toBe(200);
    const stored = "Hello,\nyour deposit needs 3 confirmations.\nIt is credited within the hour.";
    expect(res.json().request).toMatchObject({
      id,
      status: "answered",
      replies: [{ message: stored, staff: { id: staff.user.id, name: "Support Agent" } }],
    });

    const mail = (await mailTo(t, customer.user.email)).filter((m) => m.subject.startsWith("Re:"));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe("Re: your Satsbank support request");
    expect(mail[0]?.text).toContain(stored);
    expect(mail[0]?.text).toContain(`Reference: ${id}`);

    const notifications = await getJson(t, apiPaths.notifications.list, { cookie: customer.token });
    expect(notifications.json().items[0]).toMatchObject({
      kind: "support_reply",
      type: "system",
      title: "Reply to your support request",
      message: stored,
    });
    // Mailed once: the notification is not emailed on top, even with Email Notifications on.
    const emailed = await t.db.execute<{ email: string | null }>(
      sql`select email from notifications where user_id = ${customer.user.id} and kind = 'support_reply'`,
    );
    expect(emailed.rows).toEqual([{ email: null }]);

    expect((await inbox("answered")).map((request) => request.id)).toContain(id);
    const audit = await getJson(t, `${apiPaths.admin.audit}?target=${id}`, { cookie: staff.token });
    expect(audit.json().items[0]).toMatchObject({
      action: "support.replied",
      ipAddress: "192.0.2.77",
      customer: { id: customer.user.id },
      details: { previousStatus: "open" },
    });
  });

  it("closes a request (audited); a closed one takes no reply and is not closed twice", async () => {
    const customer = await testCustomer(t);
    const id = await ask(customer, "Please close my question");
    const closed = await postJson(t, apiPaths.admin.supportClose(id), {}, { cookie: staff.token });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().request.status).toBe("closed");
    expect((await inbox("closed")).map((request) => request.id)).toContain(id);
    expect((await reply(id, "Too late")).statusCode).toBe(409);
    expect((await postJson(t, apiPaths.admin.supportClose(id), {}, { cookie: staff.token })).statusCode).toBe(
      409,
    );
    const audit = await getJson(t, `${apiPaths.admin.audit}?target=${id}`, { cookie: staff.token });
    expect(audit.json().items.map((event: { action: string }) => event.action)).toEqual(["support.closed"]);
    expect((await reply("0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11", "Hello")).statusCode).toBe(404);
    expect((await reply(id, "   ")).statusCode).toBe(400);
  });
});
