import { apiPaths, FRESH_PROOF_MINUTES, freshProofSchema, loginChallengeSchema } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginChallenges, sessions } from "../../db/schema/index.js";
import {
  codeIn,
  type FakeClock,
  fakeClock,
  mailTo,
  me,
  postJson,
  sessionToken,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { hashToken } from "../auth/tokens.js";
import { totpCode } from "../auth/totp.js";

// Issue 22: the fresh proof without a passkey (the password, then a second step as sign-in's), and the
// rule that a challenge answers only its own purpose: a proof's code never signs in, a sign-in's never proves.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock, config: { brandName: "Acme Bank" } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const EXPIRED = "This confirmation has expired. Please start again.";

async function provedAt(token: string): Promise<Date | null> {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row?.provedAt ?? null;
}

/** Step 1 with the right password; the challenge and the code mailed for it. */
async function askForCode(account: { email: string; password: string }, token: string) {
  const res = await postJson(
    t,
    apiPaths.account.reauthenticate,
    { currentPassword: account.password },
    { cookie: token },
  );
  expect(res.statusCode, res.body).toBe(200);
  const challenge = loginChallengeSchema.parse(res.json());
  const [mail] = await mailTo(t, account.email);
  return { challenge, mail, code: codeIn(mail?.text ?? "") };
}

describe("the fresh proof", () => {
  it("starts with every session: sign-up and sign-in set proved_at to their moment", async () => {
    const { account, token } = await signUp(t);
    expect(await provedAt(token)).toEqual(clock.now());
    clock.advance(MINUTE);
    const login = await startSignIn(t, account, { remoteAddress: freshIp() });
    const [mail] = await mailTo(t, account.email);
    const verified = await postJson(t, apiPaths.auth.verify, {
      challengeId: login.json().challengeId,
      code: codeIn(mail?.text ?? ""),
    });
    expect(verified.statusCode).toBe(200);
    expect(await provedAt(sessionToken(verified) as string)).toEqual(clock.now());
  });

  it("the password and the emailed code make the session's proof fresh again, for 10 minutes", async () => {
    const { account, token } = await signUp(t);
    clock.advance(FRESH_PROOF_MINUTES * MINUTE + 1);
    const { challenge, mail, code } = await askForCode(account, token);
    expect(challenge.method).toBe("email");
    expect(mail?.subject).toBe("Your Acme Bank confirmation code");
    expect(mail?.text).toContain("confirm it's you");

    clock.advance(MINUTE);
    const res = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code },
      { cookie: token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { freshUntil } = freshProofSchema.strict().parse(res.json());
    expect(freshUntil).toBe(new Date(clock.now().getTime() + FRESH_PROOF_MINUTES * MINUTE).toISOString());
    expect(await provedAt(token)).toEqual(clock.now());

    // Good once.
    const again = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code },
      { cookie: token },
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(EXPIRED);
  });

  it("with two-factor on, step 2 takes the authenticator app's code and mails nothing", async () => {
    const { account, token } = await signUp(t);
    const setup = await postJson(
      t,
      apiPaths.account.twoFactorSetup,
      { currentPassword: account.password },
      { cookie: token },
    );
    const { secret } = setup.json();
    const enable = await postJson(
      t,
      apiPaths.account.twoFactorEnable,
      { code: totpCode({ secret, now: clock.now() }) },
      { cookie: token },
    );
    expect(enable.statusCode).toBe(200);
    clock.advance(FRESH_PROOF_MINUTES * MINUTE + 30_000);
    const mailsBefore = (await mailTo(t, account.email)).length;
    const res = await postJson(
      t,
      apiPaths.account.reauthenticate,
      { currentPassword: account.password },
      { cookie: token },
    );
    expect(res.json().method).toBe("totp");
    expect(await mailTo(t, account.email)).toHaveLength(mailsBefore);
    const verified = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: res.json().challengeId, code: totpCode({ secret, now: clock.now() }) },
      { cookie: token },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await provedAt(token)).toEqual(clock.now());
  });

  it("a wrong password is refused on its field and opens nothing", async () => {
    const { user, token } = await signUp(t);
    const res = await postJson(
      t,
      apiPaths.account.reauthenticate,
      { currentPassword: "not the password" },
      { cookie: token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ currentPassword: "Current password is incorrect" });
    expect(await t.db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id))).toEqual([]);
  });

  it("a wrong code is refused and leaves the proof as it was; the challenge expires after 10 minutes", async () => {
    const { account, token } = await signUp(t);
    const before = await provedAt(token);
    clock.advance(MINUTE);
    const { challenge, code } = await askForCode(account, token);
    const wrong = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code: code === "000000" ? "111111" : "000000" },
      { cookie: token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: "That code is not correct." });
    clock.advance(10 * MINUTE);
    const late = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code },
      { cookie: token },
    );
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(EXPIRED);
    expect(await provedAt(token)).toEqual(before);
  });

  it("needs a session", async () => {
    const res = await postJson(t, apiPaths.account.reauthenticate, { currentPassword: "whatever it is" });
    expect(res.statusCode).toBe(401);
  });
});

describe("a challenge answers only its own purpose", () => {
  it("a proof's challenge and code never sign in (code step and recovery step)", async () => {
    const { account, token } = await signUp(t);
    const { challenge, code } = await askForCode(account, token);
    const verify = await postJson(
      t,
      apiPaths.auth.verify,
      { challengeId: challenge.challengeId, code },
      { remoteAddress: freshIp() },
    );
    expect(verify.statusCode).toBe(401);
    expect(verify.json().error.message).toBe("This sign-in has expired. Please sign in again.");
    expect(sessionToken(verify)).toBeUndefined();
    const recovery = await postJson(
      t,
      apiPaths.auth.recovery,
      { challengeId: challenge.challengeId, recoveryCode: "abcde-fghjk" },
      { remoteAddress: freshIp() },
    );
    expect(recovery.statusCode).toBe(401);
    expect(sessionToken(recovery)).toBeUndefined();
    // Refused before any attempt counted: the proof still works for its own session.
    const proved = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code },
      { cookie: token },
    );
    expect(proved.statusCode, proved.body).toBe(200);
  });

  it("a sign-in's challenge and code never prove a session, and the sign-in still works after", async () => {
    const { account, token } = await signUp(t);
    clock.advance(FRESH_PROOF_MINUTES * MINUTE + 1);
    const before = await provedAt(token);
    const login = await startSignIn(t, account, { remoteAddress: freshIp() });
    const [mail] = await mailTo(t, account.email);
    const code = codeIn(mail?.text ?? "");
    const res = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: login.json().challengeId, code },
      { cookie: token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EXPIRED);
    expect(await provedAt(token)).toEqual(before);
    const signedIn = await postJson(t, apiPaths.auth.verify, { challengeId: login.json().challengeId, code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it("another person's proof does not prove this session", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    clock.advance(FRESH_PROOF_MINUTES * MINUTE + 1);
    const { challenge, code } = await askForCode(bob.account, bob.token);
    const res = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code },
      { cookie: alice.token },
    );
    expect(res.statusCode).toBe(400);
    expect(await provedAt(alice.token)).not.toEqual(clock.now());
    expect((await me(t, alice.token)).statusCode).toBe(200);
  });

  it("Resend code on a proof mails a new confirmation code (not a sign-in code) that proves", async () => {
    const { account, token } = await signUp(t);
    const { challenge } = await askForCode(account, token);
    const resent = await postJson(t, apiPaths.auth.resendCode, { challengeId: challenge.challengeId });
    expect(resent.statusCode, resent.body).toBe(200);
    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Your Acme Bank confirmation code");
    const res = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: challenge.challengeId, code: codeIn(mail?.text ?? "") },
      { cookie: token },
    );
    expect(res.statusCode, res.body).toBe(200);
  });
});
