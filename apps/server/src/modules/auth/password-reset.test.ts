import { PASSWORD_RESET_SENT_MESSAGE } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeClock,
  fakeClock,
  mailTo,
  me,
  postJson,
  signIn,
  signUp,
  startSignIn,
  uniqueEmail,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock, config: { publicUrl: "https://bank.example" } });
});
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** Requests a reset and returns the token from the mailed link. */
async function mailedToken(email: string): Promise<string> {
  const res = await postJson(t, "/api/auth/password-reset", { email }, { remoteAddress: freshIp() });
  expect(res.statusCode).toBe(202);
  const [mail] = await mailTo(t, email);
  const links = mail?.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  const link = new URL(links[0] as string);
  expect(`${link.origin}${link.pathname}`).toBe("https://bank.example/auth/reset-password");
  return link.searchParams.get("token") ?? "";
}

function confirm(token: string, password: string) {
  return postJson(t, "/api/auth/password-reset/confirm", { token, password, confirmPassword: password });
}

describe("password reset", () => {
  it("answers the same whether or not the account exists, and mails only an existing one", async () => {
    const { account } = await signUp(t);
    const unknown = uniqueEmail("nobody");
    const known = await postJson(
      t,
      "/api/auth/password-reset",
      { email: account.email },
      { remoteAddress: freshIp() },
    );
    const missing = await postJson(
      t,
      "/api/auth/password-reset",
      { email: unknown },
      { remoteAddress: freshIp() },
    );
    for (const res of [known, missing]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    }
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(missing.headers).sort());
    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Reset your Satsbank password");
    expect(mail?.text.match(/\/auth\/reset-password\?token=/g)).toHaveLength(1);
    expect(await mailTo(t, unknown)).toHaveLength(0);
  });

  it("sets the new password once, and ends every session of the account", async () => {
    const { account, token: firstSession } = await signUp(t);
    const { token: secondSession } = await signIn(t, account);
    const resetToken = await mailedToken(account.email);

    const res = await confirm(resetToken, "brand-new-password");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been reset. Sign in with your new password." });
    expect((await me(t, firstSession)).statusCode).toBe(401);
    expect((await me(t, secondSession)).statusCode).toBe(401);
    expect((await startSignIn(t, account)).statusCode).toBe(401);
    await signIn(t, { email: account.email, password: "brand-new-password" });

    const again = await confirm(resetToken, "third-password");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: "BAD_REQUEST",
      message: "This reset link is invalid or has expired.",
    });
  });

  it("refuses the password the account already has, on the password field, and keeps the link usable", async () => {
    const { account, token: session } = await signUp(t);
    const resetToken = await mailedToken(account.email);
    const same = await confirm(resetToken, account.password);
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toEqual({
      code: "VALIDATION_ERROR",
      message: "Your new password must be different from your current password",
      fields: { password: "Your new password must be different from your current password" },
    });
    // Nothing changed: the session lives, the old password still signs in, and the link still works.
    expect((await me(t, session)).statusCode).toBe(200);
    expect((await confirm(resetToken, "brand-new-password")).statusCode).toBe(200);
  });

  it("ends the open sign-ins and the other reset links too", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    const older = await mailedToken(account.email);
    const newer = await mailedToken(account.email);
    expect((await confirm(newer, "brand-new-password")).statusCode).toBe(200);
    expect((await confirm(older, "other-password")).statusCode).toBe(400);
    const verify = await postJson(t, "/api/auth/login/verify", { challengeId, code: "123456" });
    expect(verify.statusCode).toBe(401);
  });

  it("lets a link expire after 30 minutes", async () => {
    const { account } = await signUp(t);
    const resetToken = await mailedToken(account.email);
    clock.advance(30 * 60_000);
    expect((await confirm(resetToken, "brand-new-password")).statusCode).toBe(400);
  });

  it("refuses a made-up token", async () => {
    const res = await confirm("not-a-real-token", "brand-new-password");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("This reset link is invalid or has expired.");
  });

  it("limits requests per email to 3 an hour, whether or not the account exists", async () => {
    const { account } = await signUp(t);
    for (const email of [account.email, uniqueEmail("ghost")]) {
      for (let i = 0; i < 3; i++) {
        expect(
          (await postJson(t, "/api/auth/password-reset", { email }, { remoteAddress: freshIp() })).statusCode,
        ).toBe(202);
      }
      const limited = await postJson(t, "/api/auth/password-reset", { email }, { remoteAddress: freshIp() });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(
        "Too many attempts. Please wait a few minutes and try again.",
      );
    }
    // Three reset links (sign-up's verification link aside).
    const resets = (await mailTo(t, account.email)).filter((mail) => mail.subject.startsWith("Reset"));
    expect(resets).toHaveLength(3);
  });

  it("limits requests per IP address to 10 an hour", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await postJson(t, "/api/auth/password-reset", { email: uniqueEmail() }, { remoteAddress: ip }))
          .statusCode,
      ).toBe(202);
    }
    expect(
      (await postJson(t, "/api/auth/password-reset", { email: uniqueEmail() }, { remoteAddress: ip }))
        .statusCode,
    ).toBe(429);
    clock.advance(60 * 60_000);
    expect(
      (await postJson(t, "/api/auth/password-reset", { email: uniqueEmail() }, { remoteAddress: ip }))
        .statusCode,
    ).toBe(202);
  });

  it("unlocks an account locked by failed sign-ins", async () => {
    const { account } = await signUp(t);
    for (let i = 0; i < 5; i++)
      await startSignIn(t, { ...account, password: "wrong-password" }, { remoteAddress: freshIp() });
    expect((await startSignIn(t, account)).statusCode).toBe(429);
    expect((await confirm(await mailedToken(account.email), "brand-new-password")).statusCode).toBe(200);
    expect((await startSignIn(t, { ...account, password: "brand-new-password" })).statusCode).toBe(200);
  });
});
