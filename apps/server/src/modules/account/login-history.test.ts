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
  newAccount,
  postJson,
  SESSION_COOKIE,
  sessionToken,
  signIn,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { addPasskey, newAuthenticator } from "../passkeys/test/passkey-http.js";

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
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const DEVICE_COOKIE = "satsbank_device";

function deviceCookieOf(res: Awaited<ReturnType<typeof postJson>>): string {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie?.value).toBeTruthy();
  return cookie?.value as string;
}

/** Both steps of sign-in from a browser holding the device cookie `device`; the session token. */
async function signInWithDevice(
  account: { email: string; password: string },
  client: { remoteAddress: string; userAgent: string },
  device: string,
) {
  const request = {
    method: "POST" as const,
    remoteAddress: client.remoteAddress,
    headers: { "user-agent": client.userAgent },
    cookies: { [DEVICE_COOKIE]: device },
  };
  const login = await t.app.inject({
    ...request,
    url: "/api/auth/login",
    payload: { email: account.email, password: account.password, remember: false },
  });
  expect(login.statusCode).toBe(200);
  const code = codeIn((await mailTo(t, account.email))[0]?.text ?? "");
  const res = await t.app.inject({
    ...request,
    url: "/api/auth/login/verify",
    payload: { challengeId: login.json().challengeId, code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { token: sessionToken(res, SESSION_COOKIE) as string };
}

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
      entries.map(({ status, ipAddress, device, location, reasons }) => ({
        status,
        ipAddress,
        device,
        location,
        reasons,
      })),
    ).toEqual([
      {
        status: "suspicious",
        ipAddress: "203.0.113.77",
        device: "Unknown device",
        location: "Unknown",
        reasons: ["newDevice", "newLocation"],
      },
      {
        status: "suspicious",
        ipAddress: "127.0.0.1",
        device: "Firefox 125 on Windows",
        location: "Local network",
        reasons: ["newDevice"],
      },
      {
        status: "suspicious",
        ipAddress: "81.2.69.142",
        device: "Chrome 156 on Linux",
        location: "London, United Kingdom",
        reasons: ["newLocation"],
      },
      {
        status: "failed",
        ipAddress: "127.0.0.1",
        device: "Chrome 156 on Linux",
        location: "Local network",
        reasons: [],
      },
      {
        status: "success",
        ipAddress: "127.0.0.1",
        device: "Chrome 156 on Linux",
        location: "Local network",
        reasons: [],
      },
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
    const entries = await history(token);
    expect(entries.map((entry) => entry.status)).toEqual([
      "suspicious",
      "failed",
      "failed",
      "failed",
      "success",
      "success",
    ]);
    expect(entries[0]?.reasons).toEqual(["afterFailures"]);
  });

  it("takes the browser the customer signed up on as their own, whatever its User-Agent says", async () => {
    // Signed up in a desktop browser, which sets the device cookie; signed in once there.
    const account = newAccount();
    const signUpRes = await postJson(
      t,
      "/api/auth/signup",
      { ...account, confirmPassword: account.password },
      local,
    );
    expect(signUpRes.statusCode).toBe(201);
    const device = deviceCookieOf(signUpRes);
    const { token } = await signInWithDevice(account, local, device);
    // The same browser later says it is another one (a phone-sized window with device emulation, an
    // update): its cookie still names the account, so it is no new device.
    clock.advance(60_000);
    await signInWithDevice(account, { remoteAddress: "127.0.0.1", userAgent: FIREFOX_WINDOWS }, device);
    // A new address on the same local network is no new location either.
    clock.advance(60_000);
    await signInWithDevice(account, { remoteAddress: "10.1.2.3", userAgent: CHROME_LINUX }, device);
    // Another browser without the cookie is a new device.
    clock.advance(60_000);
    await signIn(t, account, { remoteAddress: "127.0.0.1", userAgent: IPHONE_SAFARI });

    const entries = await history(token);
    expect(entries.map(({ status, reasons }) => ({ status, reasons }))).toEqual([
      { status: "suspicious", reasons: ["newDevice"] },
      { status: "success", reasons: [] },
      { status: "success", reasons: [] },
      { status: "success", reasons: [] },
    ]);
    // Only the one that was suspicious was told to the customer.
    const notices = await getJson(t, "/api/notifications", { cookie: token });
    const told = notices.json().items.filter((n: { title: string }) => n.title.includes("sign-in"));
    expect(told).toHaveLength(1);
  });

  it("names each sign-in's method, and lists passkey changes without taking them for sign-ins", async () => {
    const account = newAccount();
    await signUp(t, account, local);
    const { token } = await signIn(t, account, local);
    clock.advance(60_000);
    await startSignIn(t, { ...account, password: "wrong-password" }, local);
    clock.advance(60_000);
    // A passkey added from another browser and address: a line in the history, but no sign-in from there.
    const firefox = { remoteAddress: "203.0.113.90", userAgent: FIREFOX_WINDOWS };
    const added = await addPasskey(t, token, newAuthenticator(), { name: "Laptop", client: firefox });
    expect(added.statusCode, added.body).toBe(201);
    clock.advance(60_000);
    await signIn(t, account, firefox);

    const entries = await history(token);
    expect(
      entries.map(({ kind, method, passkeyName, status }) => ({ kind, method, passkeyName, status })),
    ).toEqual([
      { kind: "signIn", method: "password", passkeyName: null, status: "suspicious" },
      { kind: "passkeyAdded", method: null, passkeyName: "Laptop", status: "success" },
      { kind: "signIn", method: "password", passkeyName: null, status: "failed" },
      { kind: "signIn", method: "password", passkeyName: null, status: "success" },
    ]);
    // The browser and address of the passkey change were never signed in from: new to the account.
    expect(entries[0]?.reasons).toContain("newDevice");
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
