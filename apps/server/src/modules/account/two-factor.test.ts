import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { type FakeClock, fakeClock, mailTo, postJson, signUp, startSignIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { totpCode } from "../auth/totp.js";

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock, config: { brandName: "Acme Bank" } });
});
afterAll(() => t.close());

const STEP = 30_000;
const SETUP = "/api/account/two-factor/setup";
const wrongCodeError = {
  error: {
    code: "VALIDATION_ERROR",
    message: "That code is not correct.",
    fields: { code: "That code is not correct." },
  },
};

/** Signs up and enrols an authenticator; returns the session and the secret. */
async function enrolled() {
  const { account, token } = await signUp(t);
  const setup = await postJson(t, SETUP, { currentPassword: account.password }, { cookie: token });
  const { secret } = setup.json();
  const enable = await postJson(
    t,
    "/api/account/two-factor/enable",
    { code: totpCode({ secret, now: clock.now() }) },
    { cookie: token },
  );
  expect(enable.statusCode, enable.body).toBe(200);
  clock.advance(STEP); // the enrolment code's step is spent
  return { account, token, secret };
}

describe("two-factor enrolment", () => {
  it("gives a secret and an otpauth URI named for the bank and the email, pending until confirmed", async () => {
    const { account, token, user } = await signUp(t);
    const res = await postJson(t, SETUP, { currentPassword: account.password }, { cookie: token });
    expect(res.statusCode).toBe(200);
    const { secret, otpauthUri } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    expect(decodeURIComponent(uri.pathname)).toBe(`/Acme Bank:${account.email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: "Acme Bank",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });

    // Stored encrypted, and not yet on.
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpSecret).toBeNull();
    expect(row?.totpPendingSecret).toMatch(/^v1\./);
    expect(row?.totpPendingSecret).not.toContain(secret);
    expect(
      (await t.app.inject({ url: "/api/auth/me", cookies: { satsbank_session: token } })).json().user
        .twoFactorEnabled,
    ).toBe(false);
  });

  it("turns on with a right code, and refuses a wrong one on the code field", async () => {
    const { account, token } = await signUp(t);
    const setup = { currentPassword: account.password };
    const { secret } = (await postJson(t, SETUP, setup, { cookie: token })).json();
    const right = totpCode({ secret, now: clock.now() });
    const wrong = await postJson(
      t,
      "/api/account/two-factor/enable",
      { code: right === "000000" ? "111111" : "000000" },
      { cookie: token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(wrongCodeError);
    const res = await postJson(t, "/api/account/two-factor/enable", { code: right }, { cookie: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(true);
    // Already on: a second setup is refused.
    expect((await postJson(t, SETUP, setup, { cookie: token })).statusCode).toBe(409);
  });

  it("asks for the current password first: a session alone gets no secret", async () => {
    const { account, token, user } = await signUp(t);
    const missing = await postJson(t, SETUP, { currentPassword: "" }, { cookie: token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ currentPassword: "Current password is required" });
    const wrong = await postJson(t, SETUP, { currentPassword: "not my password" }, { cookie: token });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: "Current password is incorrect",
        fields: { currentPassword: "Current password is incorrect" },
      },
    });
    expect(wrong.body).not.toMatch(/secret|otpauth/);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.totpPendingSecret).toBeNull();

    // Wrong passwords count toward the account's sign-in failures: after five, even the right one waits.
    for (let i = 0; i < 4; i++)
      await postJson(t, SETUP, { currentPassword: `guess ${i}` }, { cookie: token });
    const limited = await postJson(t, SETUP, { currentPassword: account.password }, { cookie: token });
    expect(limited.statusCode).toBe(429);
  });

  it("needs a signed-in person", async () => {
    for (const url of ["setup", "enable", "disable"]) {
      const body = { code: "123456", currentPassword: "correct horse battery" };
      const res = await postJson(t, `/api/account/two-factor/${url}`, body);
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("sign-in with an authenticator", () => {
  it("asks for the app's code instead of mailing one, and takes each code once", async () => {
    const { account, secret } = await enrolled();
    const before = (await mailTo(t, account.email)).length;
    const login = await startSignIn(t, account);
    expect(login.json().method).toBe("totp");
    expect(await mailTo(t, account.email)).toHaveLength(before);

    const code = totpCode({ secret, now: clock.now() });
    const ok = await postJson(t, "/api/auth/login/verify", { challengeId: login.json().challengeId, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.twoFactorEnabled).toBe(true);

    // The same code (same time step) on a new sign-in is refused.
    const second = (await startSignIn(t, account)).json().challengeId;
    const reused = await postJson(t, "/api/auth/login/verify", { challengeId: second, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe("That code is not correct.");
    // The next step's code works.
    clock.advance(STEP);
    const next = await postJson(t, "/api/auth/login/verify", {
      challengeId: second,
      code: totpCode({ secret, now: clock.now() }),
    });
    expect(next.statusCode).toBe(200);
  });

  it("accepts the previous step's code (clock drift) but not older ones", async () => {
    const { account, secret } = await enrolled();
    clock.advance(5 * STEP);
    const previous = totpCode({ secret, now: new Date(clock.now().getTime() - STEP) });
    const old = totpCode({ secret, now: new Date(clock.now().getTime() - 3 * STEP) });
    const { challengeId } = (await startSignIn(t, account)).json();
    if (old !== previous) {
      expect((await postJson(t, "/api/auth/login/verify", { challengeId, code: old })).statusCode).toBe(400);
    }
    expect((await postJson(t, "/api/auth/login/verify", { challengeId, code: previous })).statusCode).toBe(
      200,
    );
  });

  it("turns off with a current code; sign-in codes then come by email again", async () => {
    const { account, token, secret } = await enrolled();
    const now = totpCode({ secret, now: clock.now() });
    const wrong = await postJson(
      t,
      "/api/account/two-factor/disable",
      { code: now === "000000" ? "111111" : "000000" },
      { cookie: token },
    );
    expect(wrong.json()).toEqual(wrongCodeError);
    const res = await postJson(t, "/api/account/two-factor/disable", { code: now }, { cookie: token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(false);
    expect((await startSignIn(t, account)).json().method).toBe("email");
    expect(
      (await postJson(t, "/api/account/two-factor/disable", { code: now }, { cookie: token })).statusCode,
    ).toBe(409);
  });
});
