import { apiPaths, externalWalletErrors } from "@satsbank/shared";
import { expect } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { authText } from "../../modules/auth/index.js";
import { totpCode } from "../../modules/auth/totp.js";
import { CHALLENGE_MAX_ATTEMPTS } from "../../modules/external-wallets/connect-wallet.js";
import { codeIn, mailTo, signUp, startSignIn } from "../auth-helpers.js";
import { testCustomer } from "../money-helpers.js";
import { signBip322, testKey } from "../sign-message.js";
import { statusCounts } from "../status-counts.js";
import { type Attack, attack, call, expectRefused, freshIp } from "./attack.js";

const BURST = 40;
const parallel = <T>(n: number, one: () => Promise<T>) => Promise.all(Array.from({ length: n }, one));
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const rateLimited = { code: "RATE_LIMITED" };

/**
 * Guesses in parallel bursts: the limit holds exactly (the hits are taken before each check in one
 * atomic step), and once it is spent even the right answer is refused. The limits' own tests
 * (sign-in-limits.test.ts, wallet/rate-limits.test.ts) try more shapes; these are the table's.
 */
export const bruteForceAttacks: Attack[] = [
  attack({
    name: `${BURST} parallel passwords: 5 checked, then even the right one refused`,
    mayChange: ["rate_limit_counters", "login_events"],
    before: async (w) => (await signUp(w.t)).account,
    attack: async (w, account) => {
      const remoteAddress = freshIp();
      const wrong = { ...account, password: "wrong horse battery" };
      const burst = await parallel(BURST, () => startSignIn(w.t, wrong, { remoteAddress }));
      expect(statusCounts(burst)).toEqual({ 401: 5, 429: BURST - 5 });
      expectRefused(await startSignIn(w.t, account, { remoteAddress: freshIp() }), 429, rateLimited);
    },
  }),
  attack({
    name: `${BURST} parallel sign-in codes on one challenge: 5 checked, then the right one refused`,
    mayChange: ["rate_limit_counters", "login_events", "login_challenges"],
    before: async (w) => {
      const { account } = await signUp(w.t);
      const { challengeId } = (await startSignIn(w.t, account, { remoteAddress: freshIp() })).json();
      const [mail] = await mailTo(w.t, account.email);
      return { challengeId, code: codeIn(mail?.text ?? "") };
    },
    attack: async (w, { challengeId, code }) => {
      const remoteAddress = freshIp();
      const verify = (guess: string) =>
        call(w, { url: apiPaths.auth.verify, payload: { challengeId, code: guess }, remoteAddress });
      const counts = statusCounts(await parallel(BURST, () => verify(otherThan(code))));
      expect(counts[400]).toBe(5);
      expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(BURST - 5);
      expectRefused(await verify(code), 401, { code: "UNAUTHENTICATED", message: authText.signInExpired });
    },
  }),
  attack({
    name: `${BURST} parallel current passwords at a password change: 5 checked, then the right one refused`,
    mayChange: ["rate_limit_counters"],
    before: (w) => testCustomer(w.t, { name: "Password Changer", verified: false }),
    attack: async (w, customer) => {
      const change = (currentPassword: string) =>
        call(w, {
          url: apiPaths.account.password,
          payload: {
            currentPassword,
            newPassword: "a new good password",
            confirmPassword: "a new good password",
          },
          as: customer.token,
        });
      const burst = await parallel(BURST, () => change("wrong horse battery"));
      expect(statusCounts(burst)).toEqual({ 400: 5, 429: BURST - 5 });
      expectRefused(await change(customer.account.password), 429, rateLimited);
    },
  }),
  attack({
    name: `${BURST} parallel authenticator codes to turn two-factor off: 10 checked, then the right one refused`,
    mayChange: ["rate_limit_counters"],
    before: async (w) => {
      const customer = await testCustomer(w.t, { name: "Two Factor", verified: false });
      const setup = await call(w, {
        url: apiPaths.account.twoFactorSetup,
        payload: { currentPassword: customer.account.password },
        as: customer.token,
      });
      const { secret } = setup.json();
      const code = totpCode({ secret, now: systemClock.now() });
      const enable = await call(w, {
        url: apiPaths.account.twoFactorEnable,
        payload: { code },
        as: customer.token,
      });
      expect(enable.statusCode, enable.body).toBe(200);
      return { token: customer.token, secret: secret as string };
    },
    attack: async (w, { token, secret }) => {
      const disable = (code: string) =>
        call(w, { url: apiPaths.account.twoFactorDisable, payload: { code }, as: token });
      // Far from any code of the moment or the steps either side of it.
      const wrong = otherThan(otherThan(totpCode({ secret, now: systemClock.now() })));
      const burst = await parallel(BURST, () => disable(wrong));
      expect(statusCounts(burst)).toEqual({ 400: 10, 429: BURST - 10 });
      expectRefused(await disable(totpCode({ secret, now: systemClock.now() })), 429, rateLimited);
    },
  }),
  attack({
    name: "10 parallel password reset requests for one email: 3 mailed",
    mayChange: ["rate_limit_counters", "password_reset_tokens", "mail_outbox"],
    before: async (w) => (await signUp(w.t)).account,
    attack: async (w, account) => {
      const before = (await mailTo(w.t, account.email)).length;
      const burst = await parallel(10, () =>
        call(w, {
          url: apiPaths.auth.resetRequest,
          payload: { email: account.email },
          remoteAddress: freshIp(),
        }),
      );
      expect(statusCounts(burst)).toEqual({ 202: 3, 429: 7 });
      expect((await mailTo(w.t, account.email)).length - before).toBe(3);
    },
  }),
  attack({
    name: `${BURST} parallel signatures on one wallet challenge: ${CHALLENGE_MAX_ATTEMPTS} checked, then the right one refused`,
    mayChange: ["external_wallet_challenges", "rate_limit_counters"],
    before: async (w) => {
      const key = testKey("p2wpkh");
      const res = await call(w, {
        url: apiPaths.externalWallets.challenges,
        payload: { provider: "unisat", address: key.address },
        as: w.bob.token,
      });
      expect(res.statusCode, res.body).toBe(201);
      return { key, challengeId: res.json().challengeId as string, message: res.json().message as string };
    },
    attack: async (w, { key, challengeId, message }) => {
      const connect = (signature: string) =>
        call(w, {
          url: apiPaths.externalWallets.current,
          payload: { challengeId, signature },
          as: w.bob.token,
        });
      const wrong = signBip322(testKey("p2wpkh"), message);
      const burst = await parallel(BURST, () => connect(wrong));
      const notSigned = burst.filter((res) => res.json().error?.fields?.signature !== undefined);
      expect(notSigned).toHaveLength(CHALLENGE_MAX_ATTEMPTS);
      expect(statusCounts(burst)).toEqual({ 400: BURST });
      const late = await connect(signBip322(key, message));
      expectRefused(late, 400, {
        code: "BAD_REQUEST",
        fields: { challengeId: externalWalletErrors.challengeGone },
      });
    },
  }),
];
