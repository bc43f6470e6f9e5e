import { apiPaths, supportMessages, textMessages } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { getJson, mailTo, postJson, signIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testCustomer } from "../../test/money-helpers.js";
import { createStaff } from "../auth/index.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const submit = (token: string | undefined, body: object) =>
  postJson(t, apiPaths.support.requests, body, token === undefined ? {} : { cookie: token });

const GOOD = { subject: "My deposit", message: "My deposit of yesterday has not arrived yet." };

type Row = { user_id: string; email: string; subject: string; message: string; status: string };
async function rowsOf(userId: string): Promise<Row[]> {
  const result = await t.db.execute<Row>(
    sql`select user_id, email, subject, message, status from support_requests where user_id = ${userId} order by created_at`,
  );
  return result.rows;
}

describe("POST /api/support/requests", () => {
  it("keeps the request open, under the account's email, and mails its confirmation quoting it", async () => {
    const { token, user } = await testCustomer(t, { verified: false });
    const res = await submit(token, {
      subject: "  My deposit ",
      message: "Hello,\r\nmy deposit of yesterday has not arrived.\r\nThanks",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { request } = res.json();
    expect(request).toMatchObject({
      subject: "My deposit",
      message: "Hello,\nmy deposit of yesterday has not arrived.\nThanks",
      email: user.email,
      status: "open",
    });
    expect(await rowsOf(user.id)).toEqual([
      {
        user_id: user.id,
        email: user.email,
        subject: "My deposit",
        message: "Hello,\nmy deposit of yesterday has not arrived.\nThanks",
        status: "open",
      },
    ]);
    const [mail, ...others] = (await mailTo(t, user.email)).filter((m) => m.subject.includes("support"));
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("We received your Satsbank support request");
    expect(mail?.text).toContain(`Reference: ${request.id}`);
    expect(mail?.text).toContain("We'll get back to you as soon as possible");
    expect(mail?.text).toContain(
      "Subject: My deposit\n\nHello,\nmy deposit of yesterday has not arrived.\nThanks",
    );
  });

  it("quotes nothing to an address its owner has not confirmed: the bank carries no stranger's words", async () => {
    const { token, user } = await testCustomer(t, { verified: false, emailVerified: false });
    expect(
      (await submit(token, { subject: "Buy cheap watches", message: "Visit spam.example now!" })).statusCode,
    ).toBe(201);
    const mail = (await mailTo(t, user.email)).find((m) => m.subject.includes("support"));
    expect(mail?.text).toContain("Reference: ");
    expect(mail?.text).not.toContain("watches");
    expect(mail?.text).not.toContain("spam.example");
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("keeps hostile HTML as text: stored and mailed as typed, escaped on the dev mailbox page", async () => {
    const { token, user } = await testCustomer(t, { verified: false });
    const subject = `<img src=x onerror="alert(1)">`;
    const message = `</pre><script>alert("owned")</script><a href="javascript:alert(2)">click</a>`;
    const res = await submit(token, { subject, message });
    expect(res.statusCode).toBe(201);
    expect(res.json().request).toMatchObject({ subject, message });
    expect(await rowsOf(user.id)).toMatchObject([{ subject, message }]);
    // Mail is text/plain: a mail client shows the characters, it never parses them.
    const mail = (await mailTo(t, user.email)).find((m) => m.subject.includes("support"));
    expect(mail?.text).toContain(`Subject: ${subject}`);
    expect(mail?.text).toContain(message);
    const page = await t.app.inject({ method: "GET", url: "/dev/mailbox", query: { to: user.email } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain("<script>alert");
    expect(page.body).not.toContain("<img src=x");
    expect(page.body).toContain("&lt;script&gt;alert(&quot;owned&quot;)&lt;/script&gt;");
    expect(page.body).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
  });

  it("says what is missing, too short or too long, and keeps nothing", async () => {
    const { token, user } = await testCustomer(t, { verified: false });
    const cases = [
      [
        { subject: "", message: "" },
        { subject: supportMessages.subjectRequired, message: supportMessages.messageRequired },
      ],
      [
        { subject: "Hi", message: "Help me" },
        {
          subject: "Subject must be at least 3 characters",
          message: "Message must be at least 10 characters",
        },
      ],
      [
        { subject: "s".repeat(121), message: "m".repeat(4001) },
        {
          subject: "Subject must be at most 120 characters",
          message: "Message must be at most 4000 characters",
        },
      ],
      [
        { subject: "A\tsubject", message: "A message\u202e with an override" },
        { subject: textMessages.hostile, message: textMessages.hostile },
      ],
    ] as const;
    for (const [body, fields] of cases) {
      const res = await submit(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", fields });
    }
    expect((await submit(token, { subject: "s".repeat(120), message: "m".repeat(4000) })).statusCode).toBe(
      201,
    );
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("is for signed-in customers: 401 signed out, 403 for staff", async () => {
    expect((await submit(undefined, GOOD)).statusCode).toBe(401);
    await createStaff({
      ctx: { db: t.db, clock: systemClock },
      name: "Support Staff",
      email: "support-staff@example.com",
      password: "staff-password",
    });
    const staff = await signIn(t, { email: "support-staff@example.com", password: "staff-password" });
    const res = await submit(staff.token, GOOD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("FORBIDDEN");
    expect((await getJson(t, apiPaths.support.facts, { cookie: staff.token })).statusCode).toBe(403);
    const count = await t.db.execute<{ n: string }>(
      sql`select count(*)::text as n from support_requests where email = 'support-staff@example.com'`,
    );
    expect(count.rows[0]?.n).toBe("0");
  });

  it("takes 5 an hour from one customer, then 429 with Retry-After; others are not slowed", async () => {
    const { token, user } = await testCustomer(t, { verified: false });
    for (let i = 0; i < 5; i += 1) expect((await submit(token, GOOD)).statusCode).toBe(201);
    const refused = await submit(token, GOOD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(await rowsOf(user.id)).toHaveLength(5);
    const other = await testCustomer(t, { verified: false });
    expect((await submit(other.token, GOOD)).statusCode).toBe(201);
  });
});

describe("GET /api/support/facts", () => {
  it("states the configured fee, daily send limits and confirmations", async () => {
    const { token } = await testCustomer(t, { verified: false });
    const res = await getJson(t, apiPaths.support.facts, { cookie: token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      withdrawalFeeSats: "1000",
      dailySendLimitSats: { level1: "10000000", level2: "200000000" },
      confirmations: expect.any(Number),
    });
    expect((await getJson(t, apiPaths.support.facts)).statusCode).toBe(401);
  });
});
