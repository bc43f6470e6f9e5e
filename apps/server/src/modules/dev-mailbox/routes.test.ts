import { devMailboxResponseSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxMailer } from "../../adapters/mailer/outbox.js";
import { type FakeClock, fakeClock, uniqueEmail } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { spellings } from "../../test/url-spellings.js";
import { loopbackOnlyText } from "./routes.js";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe("the dev mailbox", () => {
  it("lists mail as JSON, newest first, for one address (any case)", async () => {
    const mailer = createOutboxMailer({ db: t.db, clock, log: null });
    const to = uniqueEmail("reader");
    await mailer.send({ to, subject: "First", text: "one" });
    clock.advance(1000);
    await mailer.send({ to, subject: "Second", text: "two" });
    await mailer.send({ to: uniqueEmail("other"), subject: "Not yours", text: "three" });

    const res = await t.app.inject({ url: `/api/dev/mailbox?to=${encodeURIComponent(to.toUpperCase())}` });
    expect(res.statusCode).toBe(200);
    const body = devMailboxResponseSchema.strict().parse(res.json());
    expect(body.messages).toEqual([
      { to, subject: "Second", text: "two", createdAt: "2030-01-15T12:00:01.000Z" },
      { to, subject: "First", text: "one", createdAt: "2030-01-15T12:00:00.000Z" },
    ]);
    const all = (await t.app.inject({ url: "/api/dev/mailbox" })).json().messages;
    expect(all[0].subject).toBe("Not yours");
  });

  it("shows a page, escaped and without script, under the strict CSP", async () => {
    const mailer = createOutboxMailer({ db: t.db, clock, log: null });
    const to = uniqueEmail("page");
    await mailer.send({
      to,
      subject: "<script>alert(1)</script>",
      text: "Open http://localhost:3000/auth/reset-password?token=abc&x=1 now",
    });
    const res = await t.app.inject({ url: `/dev/mailbox?to=${encodeURIComponent(to)}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(res.body).toContain('<a href="http://localhost:3000/auth/reset-password?token=abc&amp;x=1">');
  });

  it("answers only loopback clients, however the path is spelled", async () => {
    const urls = [...spellings("/api/dev/mailbox"), ...spellings("/dev/mailbox")];
    for (const url of urls) {
      for (const remoteAddress of ["192.168.1.20", "203.0.113.9", "::ffff:10.0.0.2", "2001:db8::1"]) {
        const res = await t.app.inject({ url, remoteAddress });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(403);
        expect(res.json().error).toEqual({ code: "FORBIDDEN", message: loopbackOnlyText });
      }
    }
    for (const remoteAddress of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) {
      expect((await t.app.inject({ url: "/api/dev/mailbox", remoteAddress })).statusCode).toBe(200);
    }
  });

  it("refuses control characters in the recipient filter with 400, not 500", async () => {
    for (const to of ["a\u0000@b.c", "\u202eevil@b.c", "x\u0007"]) {
      for (const url of ["/api/dev/mailbox", "/dev/mailbox"]) {
        const res = await t.app.inject({ url: `${url}?to=${encodeURIComponent(to)}` });
        expect(res.statusCode, `${url} ${JSON.stringify(to)}`).toBe(400);
        expect(res.json().error.code).toBe("VALIDATION_ERROR");
      }
    }
  });

  it("does not exist in production", async () => {
    const prod = await createTestApp({
      config: { nodeEnv: "production" },
      mailer: { kind: "smtp", send: async () => {}, close: async () => {} },
    });
    try {
      for (const url of ["/api/dev/mailbox", "/api/dev/mailbox?to=a@b.c", "/dev/mailbox"]) {
        const res = await prod.app.inject({ url, headers: { accept: "text/html" } });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code).toBe("NOT_FOUND");
      }
    } finally {
      await prod.close();
    }
  });
});
