import { loginChallengeSchema } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeIn,
  type FakeClock,
  fakeClock,
  mailTo,
  me,
  newAccount,
  postJson,
  signIn,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let ipCounter = 0;
/** A fresh client address per test, so the per-IP limits of one test never reach another. */
const freshIp = () => `198.51.100.${++ipCounter}`;

describe("sign-in with an emailed code", () => {
  it("opens a challenge, mails the code as the only 6-digit number, and starts a session", async () => {
    const { account } = await signUp(t);
    const login = await startSignIn(t, account);
    expect(login.statusCode).toBe(200);
    const challenge = loginChallengeSchema.strict().parse(login.json());
    expect(challenge.method).toBe("email");
    expect(new Date(challenge.expiresAt).getTime() - clock.now().getTime()).toBe(10 * MINUTE);
    expect(login.cookies).toHaveLength(0);

    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Your Satsbank sign-in code");
    const code = codeIn(mail?.text ?? "");
    expect(mail?.text).toBe(
      `Your sign-in code is ${code}. It expires in 10 minutes.\n\nIf you did not try to sign in, change your password.`,
    );

    const verify = await postJson(t, "/api/auth/login/verify", { challengeId: challenge.challengeId, code });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.email).toBe(account.email);
    const token = verify.cookies.find((c) => c.name === "satsbank_session")?.value;
    expect((await me(t, token)).json().user.email).toBe(account.email);
  });

  it("answers an unknown email exactly like a wrong password", async () => {
    const { account } = await signUp(t);
    const ip = freshIp();
    const wrongPassword = await startSignIn(
      t,
      { email: account.email, password: "not-the-password" },
      { remoteAddress: ip },
    );
    const unknown = await startSignIn(
      t,
      { email: `nobody-${account.email}`, password: "not-the-password" },
      { remoteAddress: ip },
    );
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: "UNAUTHENTICATED", message: "Invalid email or password" },
      });
    }
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(wrongPassword.headers).sort());
  });

  it("refuses a wrong code with 400 on the code field, and ends the challenge after 5", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    const code = codeIn((await mailTo(t, account.email))[0]?.text ?? "");
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await postJson(t, "/api/auth/login/verify", { challengeId, code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: "BAD_REQUEST",
          message: "That code is not correct.",
          fields: { code: "That code is not correct." },
        },
      });
    }
    const ended = await postJson(t, "/api/auth/login/verify", { challengeId, code });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toEqual({
      code: "UNAUTHENTICATED",
      message: "This sign-in has expired. Please sign in again.",
    });
  });

  it("takes a code once", async () => {
    const { account } = await signUp(t);
    const { challengeId, code } = await signIn(t, account);
    const again = await postJson(t, "/api/auth/login/verify", { challengeId, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe("This sign-in has expired. Please sign in again.");
  });

  it("lets a code expire after 10 minutes", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    const code = codeIn((await mailTo(t, account.email))[0]?.text ?? "");
    clock.advance(10 * MINUTE);
    const res = await postJson(t, "/api/auth/login/verify", { challengeId, code });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("This sign-in has expired. Please sign in again.");
  });

  it("refuses an unknown challenge as expired", async () => {
    const res = await postJson(t, "/api/auth/login/verify", { challengeId: "made-up", code: "123456" });
    expect(res.statusCode).toBe(401);
  });
});

describe("sign-in limits", () => {
  it("locks an account after 5 failures, even for the right password, and not another one", async () => {
    const { account } = await signUp(t);
    const other = (await signUp(t)).account;
    for (let i = 0; i < 5; i++) {
      const res = await startSignIn(
        t,
        { email: account.email, password: "wrong-password" },
        { remoteAddress: freshIp() },
      );
      expect(res.statusCode).toBe(401);
    }
    const locked = await startSignIn(t, account, { remoteAddress: freshIp() });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await startSignIn(t, other)).statusCode).toBe(200);

    clock.advance(15 * MINUTE);
    expect((await startSignIn(t, account)).statusCode).toBe(200);
  });

  it("locks an unknown email the same way, so the limit tells nothing either", async () => {
    const email = `ghost-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect(
        (await startSignIn(t, { email, password: "wrong-password" }, { remoteAddress: freshIp() }))
          .statusCode,
      ).toBe(401);
    }
    expect(
      (await startSignIn(t, { email, password: "wrong-password" }, { remoteAddress: freshIp() })).statusCode,
    ).toBe(429);
  });

  it("clears the account's failures on a right password", async () => {
    const { account } = await signUp(t);
    const ip = freshIp();
    const fail = () =>
      startSignIn(t, { email: account.email, password: "wrong-password" }, { remoteAddress: ip });
    for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
    expect((await startSignIn(t, account, { remoteAddress: ip })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await fail()).statusCode).toBe(401);
    expect((await startSignIn(t, account, { remoteAddress: ip })).statusCode).toBe(200);
  });

  it("limits failures per IP address across emails", async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) {
      const res = await startSignIn(
        t,
        { email: `spray-${i}-${ip}@example.com`, password: "wrong-password" },
        { remoteAddress: ip },
      );
      expect(res.statusCode).toBe(401);
    }
    const { account } = await signUp(t);
    expect((await startSignIn(t, account, { remoteAddress: ip })).statusCode).toBe(429);
    expect((await startSignIn(t, account, { remoteAddress: freshIp() })).statusCode).toBe(200);
  });

  it("never limits successful sign-ins, however many, from one address", async () => {
    const { account } = await signUp(t);
    for (let i = 0; i < 25; i++) await signIn(t, account);
  });

  it("limits wrong codes per IP address across challenges", async () => {
    const { account } = await signUp(t);
    const ip = freshIp();
    for (let round = 0; round < 4; round++) {
      const { challengeId } = (await startSignIn(t, account, { remoteAddress: ip })).json();
      const code = codeIn((await mailTo(t, account.email))[0]?.text ?? "");
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) {
        expect(
          (await postJson(t, "/api/auth/login/verify", { challengeId, code: wrong }, { remoteAddress: ip }))
            .statusCode,
        ).toBe(400);
      }
    }
    const { challengeId } = (await startSignIn(t, account, { remoteAddress: ip })).json();
    const code = codeIn((await mailTo(t, account.email))[0]?.text ?? "");
    expect(
      (await postJson(t, "/api/auth/login/verify", { challengeId, code }, { remoteAddress: ip })).statusCode,
    ).toBe(429);
  });
});

describe("sessions", () => {
  it("makes a new session at every sign-in and ends the one the browser held", async () => {
    const { account, token: signUpToken } = await signUp(t);
    const first = await signIn(t, account, { cookie: signUpToken });
    expect(first.token).not.toBe(signUpToken);
    expect((await me(t, signUpToken)).statusCode).toBe(401);
    const second = await signIn(t, account, { cookie: first.token });
    expect(second.token).not.toBe(first.token);
    expect((await me(t, first.token)).statusCode).toBe(401);
    expect((await me(t, second.token)).statusCode).toBe(200);
  });

  it("sets a browser-session cookie without Remember me, ended by the server after 12 hours", async () => {
    const { account } = await signUp(t);
    const { res, token } = await signIn(t, account);
    const cookie = res.cookies.find((c) => c.name === "satsbank_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.expires).toBeUndefined();
    expect(cookie?.secure).toBeUndefined();
    clock.advance(12 * 60 * MINUTE - 1000);
    expect((await me(t, token)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await me(t, token)).statusCode).toBe(401);
  });

  it("keeps a remembered session 30 days, in the cookie and on the server", async () => {
    const { account } = await signUp(t);
    const { res, token } = await signIn(t, account, undefined, true);
    const cookie = res.cookies.find((c) => c.name === "satsbank_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 30 * 24 * 3600 });
    clock.advance(29 * 24 * 60 * MINUTE);
    expect((await me(t, token)).statusCode).toBe(200);
    clock.advance(24 * 60 * MINUTE);
    expect((await me(t, token)).statusCode).toBe(401);
  });

  it("answers /me with 401 when signed out or with an unknown token", async () => {
    expect((await me(t, undefined)).json()).toEqual({
      error: { code: "UNAUTHENTICATED", message: "Please sign in to continue." },
    });
    expect((await me(t, "forged-token")).statusCode).toBe(401);
  });

  it("logs out: 204, the cookie cleared and the session ended on the server", async () => {
    const { token } = await signUp(t);
    const res = await postJson(t, "/api/auth/logout", {}, { cookie: token });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === "satsbank_session");
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await me(t, token)).statusCode).toBe(401);
    // Already signed out: still done.
    expect((await postJson(t, "/api/auth/logout", {}, { cookie: token })).statusCode).toBe(204);
  });
});

describe("in production", () => {
  it("marks the cookie Secure under the __Host- prefix", async () => {
    const sent: string[] = [];
    const prod = await createTestApp({
      config: { nodeEnv: "production" },
      mailer: { kind: "smtp", send: async (m) => void sent.push(m.text), close: async () => {} },
    });
    try {
      const account = newAccount();
      const res = await postJson(prod, "/api/auth/signup", { ...account, confirmPassword: account.password });
      expect(res.statusCode).toBe(201);
      const cookie = res.cookies.find((c) => c.name === "__Host-satsbank_session");
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
    } finally {
      await prod.close();
    }
  });
});
