import { randomUUID } from "node:crypto";
import { apiPaths, freshProofErrors, type PasskeyChallenge, passkeyMessages } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { sessions } from "../../db/schema/index.js";
import { authText } from "../../modules/auth/index.js";
import { hashToken } from "../../modules/auth/tokens.js";
import { addPasskey, newAuthenticator } from "../../modules/passkeys/test/passkey-http.js";
import type { SoftAuthenticator } from "../../modules/passkeys/test/soft-authenticator.js";
import { codeIn, mailTo, SESSION_COOKIE, sessionToken } from "../auth-helpers.js";
import { type TestCustomer, testCustomer } from "../money-helpers.js";
import { type Attack, attack, call, expectRefused, freshIp } from "./attack.js";
import type { World } from "./world.js";

// Issue 22: passkeys as a way to sign in and a guard of the account: adding one needs a fresh proof, an
// assertion counts once, a proof's challenge proves only its own session with its own person's passkey and
// never signs in, and nobody renames or removes another person's passkey.

type Holder = TestCustomer & { authenticator: SoftAuthenticator; passkeyId: string };

/** A customer who added a passkey through the routes (their session is fresh from sign-up). */
async function holder(w: World, name: string): Promise<Holder> {
  const customer = await testCustomer(w.t, { name, verified: false });
  const authenticator = newAuthenticator();
  const added = await addPasskey(w.t, customer.token, authenticator);
  expect(added.statusCode, added.body).toBe(201);
  return { ...customer, authenticator, passkeyId: added.json().passkey.id };
}

/** The session's proof, made 11 minutes ago: what a stolen cookie carries once its owner's proof is stale. */
async function staleProof(w: World, token: string): Promise<void> {
  await w.t.db
    .update(sessions)
    .set({ provedAt: new Date(Date.now() - 11 * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

async function challengeFor(
  w: World,
  purpose: "signIn" | "reauthenticate",
  as?: string,
): Promise<PasskeyChallenge> {
  const res = await call(w, {
    url: apiPaths.auth.passkeys.authenticationOptions,
    payload: { purpose },
    remoteAddress: freshIp(),
    ...(as === undefined ? {} : { as }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const verifyAssertion = (w: World, challengeId: string, response: unknown, as?: string) =>
  call(w, {
    url: apiPaths.auth.passkeys.authenticationVerify,
    payload: { challengeId, response },
    remoteAddress: freshIp(),
    ...(as === undefined ? {} : { as }),
  });

export const passkeyAccountAttacks: Attack[] = [
  attack({
    name: "a stolen session (its proof stale) adds the thief's passkey",
    before: async (w) => {
      const victim = await testCustomer(w.t, { name: "Stale Proof", verified: false });
      await staleProof(w, victim.token);
      return victim;
    },
    attack: async (w, victim) => {
      const options = await call(w, {
        url: apiPaths.auth.passkeys.registrationOptions,
        payload: {},
        as: victim.token,
      });
      expectRefused(options, 403, { code: "FORBIDDEN", message: freshProofErrors.reauthenticate.text });
      expect(options.json().error.reason).toBe("reauthenticate");
      // Straight to step 2 with a made-up challenge: nothing to answer.
      const verify = await call(w, {
        url: apiPaths.auth.passkeys.registrationVerify,
        payload: { challengeId: randomUUID(), response: newAuthenticator().register({ challenge: "AAAA" }) },
        as: victim.token,
      });
      expectRefused(verify, 400, { code: "BAD_REQUEST", message: passkeyMessages.approvalExpired });
    },
  }),
  attack({
    name: "a sign-in assertion captured and replayed",
    // The replay counts toward the address's failures and shows in its owner's login history.
    mayChange: ["rate_limit_counters", "login_events"],
    before: async (w) => {
      const victim = await holder(w, "Replayed Passkey");
      const challenge = await challengeFor(w, "signIn");
      const response = victim.authenticator.assert(challenge.options);
      const first = await verifyAssertion(w, challenge.challengeId, response);
      expect(first.statusCode, first.body).toBe(200);
      return { challengeId: challenge.challengeId, response };
    },
    attack: async (w, { challengeId, response }) => {
      const replay = await verifyAssertion(w, challengeId, response);
      expectRefused(replay, 409, { code: "CONFLICT", message: passkeyMessages.approvalReused });
      expect(sessionToken(replay)).toBeUndefined();
    },
  }),
  attack({
    name: "another customer's passkey to prove it's you (reauthenticate)",
    mayChange: ["rate_limit_counters", "login_events"],
    before: async (w) => {
      const thief = await holder(w, "Proof Thief");
      const victim = await holder(w, "Proof Victim");
      await staleProof(w, thief.token);
      return { thief, victim, challenge: await challengeFor(w, "reauthenticate", thief.token) };
    },
    attack: async (w, { thief, victim, challenge }) => {
      const res = await verifyAssertion(
        w,
        challenge.challengeId,
        victim.authenticator.assert(challenge.options),
        thief.token,
      );
      expectRefused(res, 400, { code: "BAD_REQUEST", message: passkeyMessages.notVerified });
      const options = await call(w, {
        url: apiPaths.auth.passkeys.registrationOptions,
        payload: {},
        as: thief.token,
      });
      expect(options.json().error.reason).toBe("reauthenticate");
    },
  }),
  attack({
    name: "a proof's challenge (a passkey's or the password and code's) used to sign in",
    before: async (w) => {
      const victim = await holder(w, "Proof Not Sign-In");
      const challenge = await challengeFor(w, "reauthenticate", victim.token);
      const step = await call(w, {
        url: apiPaths.account.reauthenticate,
        payload: { currentPassword: victim.account.password },
        as: victim.token,
      });
      const [mail] = await mailTo(w.t, victim.account.email);
      return {
        challenge,
        response: victim.authenticator.assert(challenge.options),
        loginChallengeId: step.json().challengeId as string,
        code: codeIn(mail?.text ?? ""),
      };
    },
    attack: async (w, { challenge, response, loginChallengeId, code }) => {
      const passkey = await verifyAssertion(w, challenge.challengeId, response);
      expectRefused(passkey, 401, { code: "UNAUTHENTICATED" });
      expect(sessionToken(passkey)).toBeUndefined();
      const password = await call(w, {
        url: apiPaths.auth.verify,
        payload: { challengeId: loginChallengeId, code },
        remoteAddress: freshIp(),
      });
      expectRefused(password, 401, { code: "UNAUTHENTICATED", message: authText.signInExpired });
      expect(sessionToken(password)).toBeUndefined();
    },
  }),
  attack({
    name: "renaming or removing another customer's passkey by its id",
    before: async (w) => ({
      victim: await holder(w, "Passkey Owner"),
      thief: await holder(w, "Passkey Thief"),
    }),
    attack: async (w, { victim, thief }) => {
      for (const method of ["PATCH", "DELETE"] as const) {
        const res = await w.t.app.inject({
          method,
          url: apiPaths.account.passkey(victim.passkeyId),
          payload: method === "PATCH" ? { name: "Thief's now" } : {},
          cookies: { [SESSION_COOKIE]: thief.token },
        });
        expectRefused(res, 404, { code: "NOT_FOUND" }, method);
      }
    },
  }),
];
