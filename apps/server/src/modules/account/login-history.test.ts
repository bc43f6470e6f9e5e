import { loginHistoryResponseSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHROME_LINUX,
  codeIn,
  type FakeClock,
  FIREFOX_WINDOWS,
  fakeClock,
  getJson,
  mailTo,
  signIn,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({
    clock,
    geo: (ip) => (ip === "81.2.69.142" ? { city: "London", country: "United Kingdom" } : null),
  });
});
afterAll(() => t.close());

async function history(token: string) {
  const res = await getJson(t, "/api/account/login-history", { cookie: token });
  expect(res.statusCode).toBe(200);
  return loginHistoryResponseSchema.strict().parse(res.json()).entries;
}

const local = { remoteAddress: "127.0.0.1", userAgent: CHROME_LINUX };

describe("GET /api/account/login-history", () => {
  it("lists real attempts newest first: device, location, address and status", async () => {
    const { account } = await signUp(t);
    const { token } = await signIn(t, account, local);
    clock.advance(60_000);
    await startSignIn(t, { ...account, password: "wrong-password" }, local);
    clock.advance(60_000);
    await signIn(t, account, { remoteAddress: "81.2.69.142", userAgent: CHROME_LINUX });
    clock.advance(60_000);
    await signIn(t, account, { remoteAddress: "127.0.0.1", userAgent: FIREFOX_WINDOWS });
    clock.advance(60_000);
    await signIn(t, account, { remoteAddress: "203.0.113.77" });

    const entries = await history(token);
    expect(
      entries.map(({ status, ipAddress, device, location }) => ({ status, ipAddress, device, location })),
    ).toEqual([
      { status: "suspicious", ipAddress: "203.0.113.77", device: "Unknown device", location: "Unknown" },
      {
        status: "suspicious",
        ipAddress: "127.0.0.1",
        device: "Firefox 125 on Windows",
        location: "Local network",
      },
      {
        status: "suspicious",
        ipAddress: "81.2.69.142",
        device: "Chrome 156 on Linux",
        location: "London, United Kingdom",
      },
      { status: "failed", ipAddress: "127.0.0.1", device: "Chrome 156 on Linux", location: "Local network" },
      { status: "success", ipAddress: "127.0.0.1", device: "Chrome 156 on Linux", location: "Local network" },
    ]);
    const times = entries.map((entry) => Date.parse(entry.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows a sign-in from a known device and address as a success, and flags one after 3 failures", async () => {
    const { account } = await signUp(t);
    const { token } = await signIn(t, account, local);
    await signIn(t, account, local);
    for (let i = 0; i < 3; i++) {
      clock.advance(1000);
      await startSignIn(t, { ...account, password: "wrong-password" }, local);
    }
    clock.advance(1000);
    await signIn(t, account, local);
    expect((await history(token)).map((entry) => entry.status)).toEqual([
      "suspicious",
      "failed",
      "failed",
      "failed",
      "success",
      "success",
    ]);
  });

  it("records wrong codes as failures", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account, local)).json();
    const code = codeIn((await mailTo(t, account.email))[0]?.text ?? "");
    const wrong = code === "000000" ? "111111" : "000000";
    await t.app.inject({
      method: "POST",
      url: "/api/auth/login/verify",
      payload: { challengeId, code: wrong },
    });
    clock.advance(1000);
    const { token } = await signIn(t, account, local);
    expect((await history(token)).map((entry) => entry.status)).toEqual(["success", "failed"]);
  });

  it("shows only the account's own attempts, and needs a session", async () => {
    const { token } = await signUp(t);
    expect(await history(token)).toEqual([]);
    expect((await getJson(t, "/api/account/login-history")).statusCode).toBe(401);
  });
});
