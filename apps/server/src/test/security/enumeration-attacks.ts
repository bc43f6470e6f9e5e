import { verify } from "@node-rs/argon2";
import { apiPaths } from "@satsbank/shared";
import { expect, vi } from "vitest";
import { signUp, startSignIn } from "../auth-helpers.js";
import { type Attack, attack, call, freshIp } from "./attack.js";

/** Password hashes checked so far (attacks.test.ts wraps argon2's verify in a spy). */
const hashesChecked = () => vi.mocked(verify).mock.calls.length;

/**
 * Whether an account exists, asked by its email: a known and an unknown email get the same status and
 * body, and the same work (an unknown email's password is checked against a dummy hash, so the answer
 * takes as long); no wall clock is read.
 */
export const enumerationAttacks: Attack[] = [
  attack({
    name: "sign-in: a known email with a wrong password and an unknown email",
    mayChange: ["rate_limit_counters", "login_events"],
    before: async (w) => (await signUp(w.t)).account,
    attack: async (w, account) => {
      const answers = [];
      for (const email of [account.email, `nobody-${crypto.randomUUID()}@example.com`]) {
        const hashes = hashesChecked();
        const res = await startSignIn(
          w.t,
          { email, password: "wrong horse battery" },
          { remoteAddress: freshIp() },
        );
        expect(hashesChecked() - hashes, email).toBe(1);
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]?.status).toBe(401);
      expect(answers[1]).toEqual(answers[0]);
    },
  }),
  attack({
    name: "password reset: a known and an unknown email",
    mayChange: ["rate_limit_counters", "password_reset_tokens", "mail_outbox"],
    before: async (w) => (await signUp(w.t)).account,
    attack: async (w, account) => {
      const answers = [];
      for (const email of [account.email, `nobody-${crypto.randomUUID()}@example.com`]) {
        const res = await call(w, {
          url: apiPaths.auth.resetRequest,
          payload: { email },
          remoteAddress: freshIp(),
        });
        answers.push({ status: res.statusCode, body: res.json() });
      }
      expect(answers[0]?.status).toBe(202);
      expect(answers[1]).toEqual(answers[0]);
    },
  }),
];
