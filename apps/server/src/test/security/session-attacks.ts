import { apiPaths } from "@satsbank/shared";
import { expect } from "vitest";
import { me, newAccount, signIn, signUp } from "../auth-helpers.js";
import { type Attack, attack, call, expectRefused, freshIp } from "./attack.js";

/** What a sign-in writes: its challenge, its mailed code, its session, its history and the limits' counts. */
const SIGN_IN = [
  "sessions",
  "login_challenges",
  "login_events",
  "mail_outbox",
  "rate_limit_counters",
] as const;

const PLANTED = "planted-by-an-attacker-0123456789abcdef";

/**
 * Session fixation: a token the browser held before signing in (planted by an attacker, or the attacker's
 * own live session) is never the one it holds after; a new session is made and the planted one ends.
 * And a stolen session alone cannot make itself a second factor of its own.
 */
export const sessionAttacks: Attack[] = [
  attack({
    name: "a made-up token planted before sign-in",
    mayChange: SIGN_IN,
    before: async (w) => (await signUp(w.t)).account,
    attack: async (w, account) => {
      const { token } = await signIn(w.t, account, { cookie: PLANTED, remoteAddress: freshIp() });
      expect(token).not.toBe(PLANTED);
      expect((await me(w.t, PLANTED)).statusCode).toBe(401);
      expect((await me(w.t, token)).json().user.email).toBe(account.email);
    },
  }),
  attack({
    name: "the attacker's own session planted before the victim signs in",
    mayChange: SIGN_IN,
    before: async (w) => ({ victim: (await signUp(w.t)).account, attacker: (await signUp(w.t)).token }),
    attack: async (w, { victim, attacker }) => {
      const { token } = await signIn(w.t, victim, { cookie: attacker, remoteAddress: freshIp() });
      expect(token).not.toBe(attacker);
      // The browser's earlier session ends: the attacker's token signs nobody in, least of all the victim.
      expect((await me(w.t, attacker)).statusCode).toBe(401);
      expect((await me(w.t, token)).json().user.email).toBe(victim.email);
    },
  }),
  attack({
    name: "a made-up token planted before sign-up",
    mayChange: ["users", "sessions", "email_verification_tokens", "mail_outbox"],
    attack: async (w) => {
      const account = newAccount("Fixed Session");
      const res = await call(w, {
        url: apiPaths.auth.signup,
        payload: { ...account, confirmPassword: account.password },
        headers: { cookie: `satsbank_session=${PLANTED}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      const set = res.cookies.find((cookie) => cookie.name === "satsbank_session");
      expect(set?.value).toBeDefined();
      expect(set?.value).not.toBe(PLANTED);
      expect((await me(w.t, PLANTED)).statusCode).toBe(401);
    },
  }),
  attack({
    name: "a stolen session binds its own authenticator app: no secret without the password",
    // The wrong password counts toward the account's sign-in failures.
    mayChange: ["rate_limit_counters"],
    before: async (w) => (await signUp(w.t)).token,
    attack: async (w, stolen) => {
      const setup = (body: object) =>
        call(w, { url: apiPaths.account.twoFactorSetup, payload: body, as: stolen });
      expectRefused(await setup({}), 400, { code: "VALIDATION_ERROR" });
      const guessed = await setup({ currentPassword: "a guessed password" });
      expectRefused(guessed, 400, {
        code: "VALIDATION_ERROR",
        fields: { currentPassword: "Current password is incorrect" },
      });
      expect(guessed.body).not.toContain("otpauth");
    },
  }),
];
