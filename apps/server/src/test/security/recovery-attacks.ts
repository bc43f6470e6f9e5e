import { apiPaths, sendErrors } from "@satsbank/shared";
import { expect } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { authText } from "../../modules/auth/index.js";
import { totpCode } from "../../modules/auth/totp.js";
import { signUp, startSignIn, uniqueEmail } from "../auth-helpers.js";
import { testCustomer } from "../money-helpers.js";
import { statusCounts } from "../status-counts.js";
import { type Attack, attack, call, expectRefused, freshIp } from "./attack.js";
import type { World } from "./world.js";

// Issue 21: recovery codes (single use, held to the second step's limits), Resend code, a deactivated
// session, and the public contact form, where each is a security boundary.

const BURST = 40;
const parallel = <T>(n: number, one: () => Promise<T>) => Promise.all(Array.from({ length: n }, one));
const rateLimited = { code: "RATE_LIMITED" };
const wrongRecovery = { code: "BAD_REQUEST", message: authText.wrongRecoveryCode };
/** A code of the right shape that no account has (the alphabet has no "0" or "1"). */
const GUESS = "aaaaa-aaaaa";

/** A customer with two-factor on: their session, their password, the app's secret and the 10 codes. */
async function enrolled(w: World, name: string) {
  const customer = await testCustomer(w.t, { name, verified: false });
  const setup = await call(w, {
    url: apiPaths.account.twoFactorSetup,
    payload: { currentPassword: customer.account.password },
    as: customer.token,
  });
  const { secret } = setup.json();
  const enable = await call(w, {
    url: apiPaths.account.twoFactorEnable,
    payload: { code: totpCode({ secret, now: systemClock.now() }) },
    as: customer.token,
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { ...customer, secret: secret as string, codes: enable.json().recoveryCodes as string[] };
}

/** A new sign-in of the account waiting for its second step (the app's code, or a recovery code). */
async function challengeOf(w: World, account: { email: string; password: string }): Promise<string> {
  const login = await startSignIn(w.t, account, { remoteAddress: freshIp() });
  expect(login.json().method).toBe("totp");
  return login.json().challengeId;
}

const recover = (w: World, challengeId: string, recoveryCode: string, remoteAddress = freshIp()) =>
  call(w, { url: apiPaths.auth.recovery, payload: { challengeId, recoveryCode }, remoteAddress });

const contactBody = (email: string) => ({
  name: "Form Filler",
  email,
  subject: "A question",
  message: "I would like to ask a question about my account.",
});

export const recoveryAttacks: Attack[] = [
  attack({
    name: "a recovery code used once, tried again: refused, no session",
    mayChange: ["rate_limit_counters", "login_events", "login_challenges"],
    before: async (w) => {
      const customer = await enrolled(w, "Used Code");
      const [code] = customer.codes as [string];
      const first = await recover(w, await challengeOf(w, customer.account), code);
      expect(first.statusCode, first.body).toBe(200);
      return { code, challengeId: await challengeOf(w, customer.account) };
    },
    attack: async (w, { code, challengeId }) => {
      const again = await recover(w, challengeId, code);
      expectRefused(again, 400, wrongRecovery);
      expect(again.cookies.map((cookie) => cookie.name)).not.toContain("satsbank_session");
    },
  }),
  attack({
    name: "another customer's recovery code on one's own sign-in: refused",
    mayChange: ["rate_limit_counters", "login_events", "login_challenges"],
    before: async (w) => {
      const victim = await enrolled(w, "Code Owner");
      const attacker = await enrolled(w, "Code Thief");
      return { challengeId: await challengeOf(w, attacker.account), code: victim.codes[0] as string };
    },
    attack: async (w, { challengeId, code }) => {
      expectRefused(await recover(w, challengeId, code), 400, wrongRecovery);
    },
  }),
  attack({
    name: `${BURST} parallel recovery codes on one sign-in: 5 checked, then the right one refused`,
    mayChange: ["rate_limit_counters", "login_events", "login_challenges"],
    before: async (w) => {
      const customer = await enrolled(w, "Burst Target");
      return { challengeId: await challengeOf(w, customer.account), code: customer.codes[0] as string };
    },
    attack: async (w, { challengeId, code }) => {
      const remoteAddress = freshIp();
      const counts = statusCounts(await parallel(BURST, () => recover(w, challengeId, GUESS, remoteAddress)));
      expect(counts[400]).toBe(5);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(BURST - 5);
      expectRefused(await recover(w, challengeId, code), 401, {
        code: "UNAUTHENTICATED",
        message: authText.signInExpired,
      });
    },
  }),
  attack({
    name: "recovery code guesses across sign-ins and addresses: 20 an hour per account, then the right one refused",
    mayChange: ["rate_limit_counters", "login_events", "login_challenges"],
    before: (w) => enrolled(w, "Slow Guesser Target"),
    attack: async (w, customer) => {
      const answers = [];
      for (let i = 0; i < 5; i++) {
        const challengeId = await challengeOf(w, customer.account);
        for (let j = 0; j < 5; j++) answers.push(await recover(w, challengeId, GUESS));
      }
      expect(statusCounts(answers)).toEqual({ 400: 20, 429: 5 });
      const challengeId = await challengeOf(w, customer.account);
      expectRefused(await recover(w, challengeId, customer.codes[0] as string), 429, rateLimited);
    },
  }),
  attack({
    name: "a recovery code on a sign-in by emailed code: refused before any try is counted",
    before: async (w) => {
      const { account } = await signUp(w.t);
      return (await startSignIn(w.t, account, { remoteAddress: freshIp() })).json().challengeId as string;
    },
    attack: async (w, challengeId) => {
      expectRefused(await recover(w, challengeId, GUESS), 400, {
        code: "BAD_REQUEST",
        message: authText.noRecoveryForEmailCode,
      });
    },
  }),
  attack({
    name: `${BURST} parallel recovery codes to turn two-factor off: 10 checked, then the right one refused`,
    mayChange: ["rate_limit_counters"],
    before: (w) => enrolled(w, "Stolen Session"),
    attack: async (w, customer) => {
      const disable = (recoveryCode: string) =>
        call(w, { url: apiPaths.account.twoFactorDisable, payload: { recoveryCode }, as: customer.token });
      expect(statusCounts(await parallel(BURST, () => disable(GUESS)))).toEqual({ 400: 10, 429: BURST - 10 });
      expectRefused(await disable(customer.codes[0] as string), 429, rateLimited);
    },
  }),
  attack({
    name: "new recovery codes from a stolen session without the password: refused, the old ones stand",
    mayChange: ["rate_limit_counters"],
    before: (w) => enrolled(w, "Regenerate Target"),
    attack: async (w, customer) => {
      const res = await call(w, {
        url: apiPaths.account.recoveryCodes,
        payload: { currentPassword: "wrong horse battery" },
        as: customer.token,
      });
      expectRefused(res, 400, {
        code: "VALIDATION_ERROR",
        fields: { currentPassword: authText.currentPasswordWrong },
      });
      expect(res.json().recoveryCodes).toBeUndefined();
    },
  }),
  attack({
    name: "Resend code past 3 in 15 minutes: refused, nothing mailed",
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const { account } = await signUp(w.t);
      const { challengeId } = (await startSignIn(w.t, account, { remoteAddress: freshIp() })).json();
      for (let i = 0; i < 3; i++) {
        const res = await call(w, { url: apiPaths.auth.resendCode, payload: { challengeId } });
        expect(res.statusCode, res.body).toBe(200);
      }
      return challengeId as string;
    },
    attack: async (w, challengeId) => {
      expectRefused(
        await call(w, { url: apiPaths.auth.resendCode, payload: { challengeId } }),
        429,
        rateLimited,
      );
    },
  }),
  attack({
    name: "a deactivated customer's old session cookie: 401 with the reason, nothing read or changed",
    before: async (w) => {
      const customer = await testCustomer(w.t, { name: "Deactivated Reader", verified: false });
      const res = await call(w, {
        url: apiPaths.admin.deactivateCustomer(customer.user.id),
        payload: { reason: "Attack table" },
        as: w.staff.token,
      });
      expect(res.statusCode, res.body).toBe(200);
      return customer.token;
    },
    attack: async (w, token) => {
      for (const url of [apiPaths.wallet.summary, apiPaths.transactions.list]) {
        expectRefused(await call(w, { url, as: token }), 401, {
          code: "UNAUTHENTICATED",
          message: sendErrors.accountInactive.text,
        });
      }
      const send = await call(w, {
        url: apiPaths.wallet.send,
        payload: { recipient: w.bob.user.username, amountSats: "1000", idempotencyKey: crypto.randomUUID() },
        as: token,
      });
      expectRefused(send, 401, { code: "UNAUTHENTICATED" });
      expect(send.json().error.reason).toBe("accountInactive");
    },
  }),
  attack({
    name: "the public contact form from one address past 5 an hour: refused, nothing stored or mailed",
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const remoteAddress = freshIp();
      for (let i = 0; i < 5; i++) {
        const res = await call(w, {
          url: apiPaths.support.contact,
          payload: contactBody(uniqueEmail("flood")),
          remoteAddress,
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      return remoteAddress;
    },
    attack: async (w, remoteAddress) => {
      const res = await call(w, {
        url: apiPaths.support.contact,
        payload: contactBody(uniqueEmail("flood")),
        remoteAddress,
      });
      expectRefused(res, 429, rateLimited);
    },
  }),
  attack({
    name: "the public contact form as a mail bomb: a 4th message to one inbox within the hour refused, from any address",
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const target = uniqueEmail("bombed");
      for (let i = 0; i < 3; i++) {
        const res = await call(w, {
          url: apiPaths.support.contact,
          payload: contactBody(target),
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      return target;
    },
    attack: async (w, target) => {
      const res = await call(w, {
        url: apiPaths.support.contact,
        payload: contactBody(` ${target.toUpperCase()} `),
        remoteAddress: freshIp(),
      });
      expectRefused(res, 429, rateLimited);
    },
  }),
  attack({
    name: "the public contact form posted by another site: refused before it is read",
    attack: async (w) => {
      for (const headers of [
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        { origin: "https://evil.example", "content-type": "text/plain" },
      ]) {
        const res = await w.t.app.inject({
          method: "POST",
          url: apiPaths.support.contact,
          headers,
          payload: JSON.stringify(contactBody(uniqueEmail("csrf"))),
          remoteAddress: freshIp(),
        });
        expect([403, 415]).toContain(res.statusCode);
      }
    },
  }),
];
