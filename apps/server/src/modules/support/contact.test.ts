import { apiPaths, contactResponseSchema, textMessages } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "../../adapters/mailer/outbox.js";
import {
  type FakeClock,
  fakeClock,
  getJson,
  mailTo,
  postJson,
  uniqueEmail,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testCustomer } from "../../test/money-helpers.js";
import { testStaff } from "../../test/staff-helpers.js";

// Issue 21, item 11: a way to contact the bank without signing in (a deactivated customer was told to
// "contact us" with no way to).

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const HOUR = 3_600_000;
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

const message = (email: string) => ({
  name: "Rosa Jiménez",
  email,
  subject: "My account was deactivated",
  message: "Hello,\r\nI cannot sign in any more. Why?\r\nRosa",
});
const contact = (body: object, remoteAddress = freshIp()) =>
  postJson(t, apiPaths.support.contact, body, { remoteAddress });

type Row = { user_id: string | null; source: string; name: string | null; email: string; message: string };
async function rowOf(id: string): Promise<Row | undefined> {
  const result = await t.db.execute<Row>(
    sql`select user_id, source, name, email, message from support_requests where id = ${id}`,
  );
  return result.rows[0];
}

describe("POST /api/support/contact", () => {
  it("needs no session: keeps an open request for staff and mails a confirmation quoting nothing", async () => {
    const email = uniqueEmail("visitor");
    const res = await contact(message(email));
    expect(res.statusCode, res.body).toBe(201);
    const answer = contactResponseSchema.strict().parse(res.json());
    expect(answer.message).toBe(
      `Thank you: we received your message and sent a confirmation to ${email}. We'll answer by email.`,
    );
    expect(await rowOf(answer.reference)).toEqual({
      user_id: null,
      source: "contact_form",
      name: "Rosa Jiménez",
      email,
      message: "Hello,\nI cannot sign in any more. Why?\nRosa",
    });
    const [mail, ...others] = await mailTo(t, email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("We received your message to Satsbank");
    expect(mail?.text).toContain(`Reference: ${answer.reference}`);
    // A stranger's words never travel to an address nobody proved: none of them is in the mail.
    expect(mail?.text).not.toContain("cannot sign in");
    expect(mail?.text).not.toContain("deactivated");
    expect(mail?.text).not.toContain("Rosa");
  });

  it("files it under the customer whose email was typed, answers the same, and staff see it in the inbox", async () => {
    const customer = await testCustomer(t, { name: "Rosa Account" });
    const known = await contact(message(customer.user.email.toUpperCase()));
    const unknown = await contact(message(uniqueEmail("nobody")));
    expect(known.statusCode).toBe(201);
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
    const reference = known.json().reference;
    expect((await rowOf(reference))?.user_id).toBe(customer.user.id);

    const staff = await testStaff(t);
    const inbox = (await getJson(t, `${apiPaths.admin.support}?status=open`, { cookie: staff.token })).json();
    const filed = inbox.items.find((item: { id: string }) => item.id === reference);
    expect(filed).toMatchObject({
      source: "contact_form",
      name: "Rosa Jiménez",
      subject: "My account was deactivated",
      customer: { id: customer.user.id, name: "Rosa Account" },
    });
    const orphan = inbox.items.find((item: { id: string }) => item.id === unknown.json().reference);
    expect(orphan).toMatchObject({ source: "contact_form", customer: null });

    // Staff's reply goes by email only: the writer may not be the account's owner.
    const reply = await postJson(
      t,
      apiPaths.admin.supportReply(reference),
      { message: "Please call us." },
      { cookie: staff.token },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    const notices = await t.db.execute(
      sql`select 1 from notifications where user_id = ${customer.user.id} and kind = 'support_reply'`,
    );
    expect(notices.rows).toEqual([]);
    // To the address as typed.
    const outbox = await listOutbox(t.db, { to: customer.user.email.toUpperCase(), limit: 10 });
    const [mailed] = outbox.filter((m) => m.subject.startsWith("Re:"));
    expect(mailed?.text).toContain("Please call us.");
    expect(mailed?.text).not.toContain("notifications");
  });

  it("refuses hostile text and a bad email with the shared messages, storing and mailing nothing", async () => {
    const email = uniqueEmail("hostile");
    const res = await contact({
      ...message(email),
      name: "Rosa\u202e",
      subject: "Hi\u0007",
      email: "not an email",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: textMessages.hostile,
      subject: textMessages.hostile,
      email: "Invalid email address",
    });
    expect(await mailTo(t, email)).toEqual([]);
  });

  it("takes 5 an hour from one address and 3 an hour to one email, then 429 with nothing stored", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await contact(message(uniqueEmail("burst")), ip)).statusCode).toBe(201);
    const sixth = uniqueEmail("burst");
    const refused = await contact(message(sixth), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(await mailTo(t, sixth)).toEqual([]);

    const target = uniqueEmail("target");
    for (let i = 0; i < 3; i++) expect((await contact(message(target))).statusCode).toBe(201);
    // From a fourth address, the same inbox is spared a fourth mail.
    expect((await contact(message(target.toUpperCase()))).statusCode).toBe(429);
    expect(await mailTo(t, target)).toHaveLength(3);
    clock.advance(2 * HOUR);
    expect((await contact(message(target))).statusCode).toBe(201);
  });
});
