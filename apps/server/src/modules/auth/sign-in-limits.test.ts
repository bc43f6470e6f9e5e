import { apiPaths } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  codeIn,
  type FakeClock,
  fakeClock,
  mailTo,
  newAccount,
  postJson,
  signIn,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { statusCounts } from "../../test/status-counts.js";

// Issue 7, items 1 to 3: each test here fails on the check-then-count limits that came before.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DEVICE_COOKIE = "satsbank_device";
let ipCounter = 0;
/** A fresh client address per use, so the per-IP limits of one test never reach another. */
const freshIp = () => `203.0.113.${++ipCounter}`;

const wrongPassword = (account: Account) => ({ email: account.email, password: "wrong-password" });

/** The codes mailed to the account, newest first. */
async function mailedCodes(account: Account): Promise<string[]> {
  const mails = await mailTo(t, account.email);
  return mails.filter((mail) => mail.subject.endsWith("sign-in code")).map((mail) => codeIn(mail.text));
}

const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");

function verify(challengeId: string, code: string, remoteAddress = freshIp()) {
  return postJson(t, apiPaths.auth.verify, { challengeId, code }, { remoteAddress });
}

/** Step 1 from a browser holding `device` (its device cookie value). */
function startSignInWithDevice(
  account: Pick<Account, "email" | "password">,
  device: string,
  remoteAddress = freshIp(),
) {
  return t.app.inject({
    method: "POST",
    url: apiPaths.auth.login,
    payload: { email: account.email, password: account.password, remember: false },
    remoteAddress,
    cookies: { [DEVICE_COOKIE]: device },
  });
}

describe("password limits under a burst", () => {
  it("counts at most 5 of 40 parallel wrong passwords from one address, then refuses the right one", async () => {
    const { account } = await signUp(t);
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => startSignIn(t, wrongPassword(account), { remoteAddress: ip })),
    );
    expect(statusCounts(burst)).toEqual({ 401: 5, 429: 35 });
    expect((await startSignIn(t, account, { remoteAddress: ip })).statusCode).toBe(429);
    expect((await startSignIn(t, account, { remoteAddress: freshIp() })).statusCode).toBe(429);
  });
});

describe("a known device", () => {
  it("still signs in while others' failures lock the account and its address", async () => {
    const { account } = await signUp(t);
    const owner = await signIn(t, account);
    const cookie = owner.res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const device = cookie?.value as string;

    // Someone else: five wrong passwords lock the account; twenty more fill the address the owner shares.
    for (let i = 0; i < 5; i++) {
      expect((await startSignIn(t, wrongPassword(account), { remoteAddress: freshIp() })).statusCode).toBe(
        401,
      );
    }
    const sharedIp = freshIp();
    for (let i = 0; i < 20; i++) {
      const spray = { email: `spray-${i}-${sharedIp}@example.com`, password: "wrong-password" };
      expect((await startSignIn(t, spray, { remoteAddress: sharedIp })).statusCode).toBe(401);
    }
    expect((await startSignIn(t, account, { remoteAddress: freshIp() })).statusCode).toBe(429);

    // The owner's browser is not locked out, even from the shared address.
    expect((await startSignInWithDevice(account, device, sharedIp)).statusCode).toBe(200);
    // An altered cookie is an unknown device.
    const altered = `${device.slice(0, -1)}${device.endsWith("0") ? "1" : "0"}`;
    expect((await startSignInWithDevice(account, altered)).statusCode).toBe(429);
    // Nor does the cookie of a device that signed in to another account help.
    const { account: other } = await signUp(t);
    const otherDevice = (await signIn(t, other)).res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
    expect((await startSignInWithDevice(account, otherDevice as string)).statusCode).toBe(429);
  });

  it("is the browser that signed up, too", async () => {
    const account = newAccount();
    const res = await postJson(t, apiPaths.auth.signup, { ...account, confirmPassword: account.password });
    const device = res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value as string;
    for (let i = 0; i < 5; i++) {
      expect((await startSignIn(t, wrongPassword(account), { remoteAddress: freshIp() })).statusCode).toBe(
        401,
      );
    }
    expect((await startSignInWithDevice(account, device)).statusCode).toBe(200);
  });

  it("has a limit of its own: 5 wrong passwords, counted for it alone", async () => {
    const { account } = await signUp(t);
    const device = (await signIn(t, account)).res.cookies.find((c) => c.name === DEVICE_COOKIE)
      ?.value as string;
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => startSignInWithDevice(wrongPassword(account), device)),
    );
    expect(statusCounts(burst)).toEqual({ 401: 5, 429: 15 });
    expect((await startSignInWithDevice(account, device)).statusCode).toBe(429);
    // Its failures are its own: the account is not locked for everyone else.
    expect((await startSignIn(t, account, { remoteAddress: freshIp() })).statusCode).toBe(200);
  });
});

describe("sign-in codes", () => {
  it("void the older challenges of the account when a new one opens", async () => {
    const { account } = await signUp(t);
    const first = (await startSignIn(t, account)).json().challengeId;
    const second = (await startSignIn(t, account)).json().challengeId;
    const [secondCode, firstCode] = await mailedCodes(account);
    const old = await verify(first, firstCode as string);
    expect(old.statusCode).toBe(401);
    expect(old.json().error.message).toBe("This sign-in has expired. Please sign in again.");
    expect((await verify(second, secondCode as string)).statusCode).toBe(200);
  });

  it("check exactly 5 of 40 parallel wrong codes on one challenge", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    const [code] = await mailedCodes(account);
    const ip = freshIp();
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => verify(challengeId, otherThan(code as string), ip)),
    );
    const counts = statusCounts(burst);
    expect(counts[400]).toBe(5);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(35);
    expect((await verify(challengeId, code as string)).statusCode).toBe(401);
  });

  it("cap wrong codes per account across challenges, whatever the addresses: 20 an hour", async () => {
    const { account } = await signUp(t);
    for (let round = 0; round < 4; round++) {
      const { challengeId } = (await startSignIn(t, account)).json();
      const [code] = await mailedCodes(account);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        expect((await verify(challengeId, otherThan(code as string), ip)).statusCode).toBe(400);
      }
    }
    const { challengeId } = (await startSignIn(t, account)).json();
    const [code] = await mailedCodes(account);
    const refused = await verify(challengeId, code as string);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("RATE_LIMITED");

    clock.advance(HOUR);
    await signIn(t, account, { remoteAddress: freshIp() });
  });

  it("are mailed at most 60 times an hour per account; the right password then gets 429", async () => {
    const { account } = await signUp(t);
    const ip = freshIp();
    for (let i = 0; i < 60; i++) {
      expect((await startSignIn(t, account, { remoteAddress: ip })).statusCode).toBe(200);
    }
    const refused = await startSignIn(t, account, { remoteAddress: ip });
    expect(refused.statusCode).toBe(429);
    expect(await mailedCodes(account)).toHaveLength(60);
    // Another account is not affected, and the cap lifts as the hour passes.
    expect((await startSignIn(t, (await signUp(t)).account, { remoteAddress: ip })).statusCode).toBe(200);
    clock.advance(HOUR);
    expect((await startSignIn(t, account, { remoteAddress: ip })).statusCode).toBe(200);
  });
});
