import { apiPaths, meResponseSchema, verifyEmailResponseSchema } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailVerificationTokens, users } from "../../db/schema/index.js";
import { EMAIL_VERIFICATION_TTL_MS } from "../../domain/auth-policy.js";
import {
  type FakeClock,
  fakeClock,
  mailedVerificationToken,
  mailTo,
  me,
  postJson,
  signUp,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { hashToken } from "./tokens.js";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock, config: { publicUrl: "https://bank.example" } });
});
afterAll(() => t.close());

const confirm = (token: string) => postJson(t, apiPaths.auth.verifyEmail, { token });
const resend = (cookie: string) => postJson(t, apiPaths.auth.verifyEmailResend, {}, { cookie });

async function emailVerified(token: string): Promise<boolean> {
  const res = await me(t, token);
  expect(res.statusCode, res.body).toBe(200);
  return meResponseSchema.strict().parse(res.json()).user.emailVerified;
}

describe("the verification link of sign-up", () => {
  it("is mailed at sign-up, single-use, valid 24 hours, stored only as its hash", async () => {
    const { account, token, user } = await signUp(t);
    expect(user.emailVerified).toBe(false);
    expect(await emailVerified(token)).toBe(false);

    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Confirm your email address for Satsbank");
    // No 6-digit number: whoever waits for a sign-in code never reads this one.
    expect(mail?.text.match(/\b\d{6}\b/g)).toBeNull();
    const links = mail?.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links).toHaveLength(1);
    const link = new URL(links[0] as string);
    expect(`${link.origin}${link.pathname}`).toBe("https://bank.example/auth/verify-email");
    const linkToken = link.searchParams.get("token") ?? "";

    const rows = await t.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenHash: hashToken(linkToken),
      email: account.email,
      usedAt: null,
      expiresAt: new Date(clock.now().getTime() + EMAIL_VERIFICATION_TTL_MS),
    });
  });

  it("verifies the address once, with no session needed; opened again it says so", async () => {
    const { account, token } = await signUp(t);
    const linkToken = await mailedVerificationToken(t, account.email);

    const first = await confirm(linkToken);
    expect(first.statusCode, first.body).toBe(200);
    expect(verifyEmailResponseSchema.parse(first.json())).toEqual({
      status: "verified",
      message: "Your email address is verified.",
    });
    expect(await emailVerified(token)).toBe(true);
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.emailVerifiedAt).toEqual(clock.now());

    clock.advance(60_000);
    const again = await confirm(linkToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      status: "already-verified",
      message: "Your email address is already verified.",
    });
    // The first moment stays.
    const [after] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(after?.emailVerifiedAt).toEqual(row?.emailVerifiedAt);
  });

  it("refuses an expired link of an unverified address, and an unknown one, each saying why", async () => {
    const { account } = await signUp(t);
    const linkToken = await mailedVerificationToken(t, account.email);
    clock.advance(EMAIL_VERIFICATION_TTL_MS);

    const expired = await confirm(linkToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({
      code: "BAD_REQUEST",
      message: "This verification link has expired. Sign in and ask for a new one on the Send screen.",
    });
    // (The browser session itself ended after 12 hours: the database says.)
    const [row] = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(row?.emailVerifiedAt).toBeNull();

    const unknown = await confirm("not-a-token-we-made");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(
      "This verification link is not valid. Check that you opened the whole link from the email.",
    );
    const empty = await confirm("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe("VALIDATION_ERROR");
  });

  it("lets only one of two racing requests verify; the other hears it was already verified", async () => {
    const { account } = await signUp(t);
    const linkToken = await mailedVerificationToken(t, account.email);
    const answers = await Promise.all([confirm(linkToken), confirm(linkToken)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().status).sort()).toEqual(["already-verified", "verified"]);
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("needs a session", async () => {
    const res = await postJson(t, apiPaths.auth.verifyEmailResend, {});
    expect(res.statusCode).toBe(401);
  });

  it("mails a new link that works, a few times an hour, then 429", async () => {
    const { account, token } = await signUp(t);
    const before = (await mailTo(t, account.email)).length;
    for (let i = 0; i < 3; i++) {
      const res = await resend(token);
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json().message).toBe(
        `We've sent a new link to ${account.email}. Open it within 24 hours to confirm your email address.`,
      );
    }
    expect(await mailTo(t, account.email)).toHaveLength(before + 3);

    const limited = await resend(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(await mailTo(t, account.email)).toHaveLength(before + 3);

    // The newest link verifies; the limit is the account's own, and lifts with time.
    expect((await confirm(await mailedVerificationToken(t, account.email))).json().status).toBe("verified");
    clock.advance(2 * 60 * 60_000);
    const verified = await resend(token);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().error).toEqual({
      code: "CONFLICT",
      message: "Your email address is already verified.",
    });
  });
});
