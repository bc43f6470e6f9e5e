import { apiPaths, loginChallengeSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeIn,
  type FakeClock,
  fakeClock,
  mailTo,
  postJson,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { totpCode } from "./totp.js";

// Issue 21, item 15: "Resend code" on the sign-in's code step.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const resend = (challengeId: string) => postJson(t, apiPaths.auth.resendCode, { challengeId });
const verify = (challengeId: string, code: string) =>
  postJson(t, apiPaths.auth.verify, { challengeId, code });

/** The sign-in codes mailed to `email`, newest first. */
async function codesTo(email: string): Promise<string[]> {
  return (await mailTo(t, email))
    .filter((mail) => mail.subject.endsWith("sign-in code"))
    .map((mail) => codeIn(mail.text));
}

describe("POST /api/auth/login/resend", () => {
  it("mails a new code for the open sign-in: the new one signs in, the old one no longer does", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    const [first] = await codesTo(account.email);
    clock.advance(9 * MINUTE);

    const res = await resend(challengeId);
    expect(res.statusCode, res.body).toBe(200);
    const renewed = loginChallengeSchema.strict().parse(res.json());
    expect(renewed).toEqual({
      challengeId,
      method: "email",
      // Ten minutes from the resend, not from the first code.
      expiresAt: new Date(clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    const codes = await codesTo(account.email);
    expect(codes).toHaveLength(2);
    const [second] = codes;
    if (first === second) return; // one in a million: the same code drawn twice proves nothing here
    expect((await verify(challengeId, first as string)).statusCode).toBe(400);
    clock.advance(5 * MINUTE); // past the first code's ten minutes
    expect((await verify(challengeId, second as string)).statusCode).toBe(200);
  });

  it("allows 3 resends per account in 15 minutes, then 429 with nothing mailed", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    for (let i = 0; i < 3; i++) expect((await resend(challengeId)).statusCode).toBe(200);
    const refused = await resend(challengeId);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(await codesTo(account.email)).toHaveLength(4);
    // A new sign-in does not reset the count.
    const again = (await startSignIn(t, account)).json();
    expect((await resend(again.challengeId)).statusCode).toBe(429);
    clock.advance(30 * MINUTE);
    const later = (await startSignIn(t, account)).json();
    expect((await resend(later.challengeId)).statusCode).toBe(200);
  });

  it("answers an ended, replaced or made-up sign-in as the code step does, mailing nothing", async () => {
    const { account } = await signUp(t);
    const older = (await startSignIn(t, account)).json().challengeId;
    const newer = (await startSignIn(t, account)).json().challengeId;
    const mailed = (await codesTo(account.email)).length;
    for (const challengeId of [older, "made-up-challenge"]) {
      const res = await resend(challengeId);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe("This sign-in has expired. Please sign in again.");
    }
    clock.advance(10 * MINUTE);
    expect((await resend(newer)).statusCode).toBe(401);
    expect(await codesTo(account.email)).toHaveLength(mailed);
  });

  it("mails nothing for a sign-in with an authenticator app", async () => {
    const { account, token } = await signUp(t);
    const setup = await postJson(
      t,
      apiPaths.account.twoFactorSetup,
      { currentPassword: account.password },
      { cookie: token },
    );
    const { secret } = setup.json();
    const code = totpCode({ secret, now: clock.now() });
    expect(
      (await postJson(t, apiPaths.account.twoFactorEnable, { code }, { cookie: token })).statusCode,
    ).toBe(200);
    const { challengeId, method } = (await startSignIn(t, account)).json();
    expect(method).toBe("totp");
    const res = await resend(challengeId);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      "This sign-in uses your authenticator app: no code is sent by email.",
    );
    expect(await codesTo(account.email)).toHaveLength(0);
  });
});
