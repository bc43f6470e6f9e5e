import { apiPaths } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOutbox } from "../adapters/mailer/outbox.js";
import { devClockLoopbackOnlyText } from "../modules/dev-clock/routes.js";
import { loopbackOnlyText } from "../modules/dev-mailbox/routes.js";
import { devSandboxLoopbackOnlyText } from "../modules/dev-sandbox/routes.js";
import { misdirectedText } from "../plugins/allowed-hosts.js";
import { createTestApp, type TestApp } from "./create-test-app.js";
import { type TestCustomer, testCustomer } from "./money-helpers.js";
import { type TestStaff, testStaff } from "./staff-helpers.js";

// Issue 20, item 1. A development server (the dev mailbox, the sandbox chain and the test clock on)
// whose PUBLIC_URL names it bank.test; the tests' port is 80, so browsers write no port in Host or Origin.
let t: TestApp;
let jonas: TestCustomer;
let staff: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "http://bank.test", testClock: "manual" } });
  jonas = await testCustomer(t, { name: "Jonas Example" });
  staff = await testStaff(t, { name: "Staff Example" });
});
afterAll(() => t.close());

/** A request as a browser on this machine sends it to the page's own name `host`. */
function browser(host: string, method: "GET" | "POST", url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    remoteAddress: "127.0.0.1",
    headers: { host, origin: `http://${host}`, "sec-fetch-site": "same-origin" },
    ...(payload === undefined ? {} : { payload }),
  });
}

const mailTo = async (email: string) => (await listOutbox(t.db, { to: email, limit: 100 })).length;

describe("DNS rebinding: a page of attacker.example, its name pointed at 127.0.0.1", () => {
  const rebound = (method: "GET" | "POST", url: string, payload?: object) =>
    browser("attacker.example", method, url, payload);
  const expectMisdirected = (res: Awaited<ReturnType<typeof rebound>>) => {
    expect(res.statusCode, res.body).toBe(421);
    expect(res.json()).toEqual({ error: { code: "MISDIRECTED_REQUEST", message: misdirectedText } });
  };

  it("cannot ask for a reset of jonas's password, nor read the link from the dev mailbox", async () => {
    const mails = await mailTo(jonas.user.email);
    expectMisdirected(await rebound("POST", apiPaths.auth.resetRequest, { email: jonas.user.email }));
    expect(await mailTo(jonas.user.email)).toBe(mails);
    expectMisdirected(await rebound("GET", `${apiPaths.dev.mailbox}?to=${jonas.user.email}`));
    expectMisdirected(await rebound("GET", `/dev/mailbox?to=${jonas.user.email}`));
  });

  it("cannot start a staff sign-in nor read its emailed code", async () => {
    const mails = await mailTo(staff.account.email);
    const { email, password } = staff.account;
    expectMisdirected(await rebound("POST", apiPaths.auth.login, { email, password, remember: false }));
    expect(await mailTo(staff.account.email)).toBe(mails);
    expectMisdirected(await rebound("GET", `${apiPaths.dev.mailbox}?to=${email}`));
  });

  it("cannot mine sandbox blocks nor move the test clock", async () => {
    expectMisdirected(await rebound("POST", apiPaths.dev.sandbox.mine, { blocks: 1 }));
    expectMisdirected(await rebound("POST", apiPaths.dev.clock, { advanceMs: 60_000 }));
  });
});

describe("the same server for its real users", () => {
  it("answers a browser on localhost: the reset link arrives and the dev mailbox shows it", async () => {
    const mails = await mailTo(jonas.user.email);
    const asked = await browser("localhost", "POST", apiPaths.auth.resetRequest, { email: jonas.user.email });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await mailTo(jonas.user.email)).toBe(mails + 1);
    const mailbox = await browser("localhost", "GET", `${apiPaths.dev.mailbox}?to=${jonas.user.email}`);
    expect(mailbox.statusCode, mailbox.body).toBe(200);
    expect(mailbox.body).toContain("http://bank.test/auth/reset-password?token=");
  });

  it("answers PUBLIC_URL's host, but its dev tools only at a loopback name, even from loopback", async () => {
    const asked = await browser("bank.test", "POST", apiPaths.auth.resetRequest, { email: jonas.user.email });
    expect(asked.statusCode, asked.body).toBe(202);
    const refusals = [
      [await browser("bank.test", "GET", apiPaths.dev.mailbox), loopbackOnlyText],
      [await browser("bank.test", "GET", "/dev/mailbox"), loopbackOnlyText],
      [
        await browser("bank.test", "POST", apiPaths.dev.sandbox.mine, { blocks: 1 }),
        devSandboxLoopbackOnlyText,
      ],
      [await browser("bank.test", "GET", apiPaths.dev.clock), devClockLoopbackOnlyText],
    ] as const;
    for (const [res, message] of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ error: { code: "FORBIDDEN", message } });
    }
    for (const host of ["localhost", "127.0.0.1", "[::1]"]) {
      const clock = await browser(host, "GET", apiPaths.dev.clock);
      expect(clock.statusCode, `${host}: ${clock.body}`).toBe(200);
    }
  });
});
