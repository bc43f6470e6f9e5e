import { apiPaths, meResponseSchema, twoFactorEnableResponseSchema } from "@satsbank/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recoveryCodes } from "../../db/schema/index.js";
import {
  CHROME_LINUX,
  type FakeClock,
  fakeClock,
  getJson,
  mailTo,
  me,
  postJson,
  sessionToken,
  signUp,
  startSignIn,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { totpCode } from "./totp.js";

// Issue 21, item 10: recovery codes, the way in when the authenticator app is lost.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const STEP = 30_000;
const MINUTE = 60_000;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;
const WRONG = "That recovery code is not correct, or it was used already.";

/** Signs up, turns two-factor on; the session, the secret and the 10 codes the enrolment showed. */
async function enrolled() {
  const { account, token, user } = await signUp(t);
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
  expect(enable.statusCode, enable.body).toBe(200);
  const { recoveryCodes: codes } = twoFactorEnableResponseSchema.strict().parse(enable.json());
  clock.advance(STEP);
  return { account, token, user, secret, codes };
}

function recover(challengeId: string, recoveryCode: string, remoteAddress = freshIp()) {
  return postJson(
    t,
    apiPaths.auth.recovery,
    { challengeId, recoveryCode },
    { remoteAddress, userAgent: CHROME_LINUX },
  );
}

async function challengeOf(account: { email: string; password: string }) {
  const login = await startSignIn(t, account, { remoteAddress: freshIp() });
  expect(login.json().method).toBe("totp");
  return login.json().challengeId as string;
}

describe("recovery codes at enrolment", () => {
  it("turning two-factor on answers 10 distinct codes, stored only as keyed hashes", async () => {
    const { user, codes } = await enrolled();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    const rows = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }
    const status = await getJson(t, apiPaths.account.recoveryCodes, { cookie: (await enrolled()).token });
    expect(status.json()).toEqual({ remaining: 10 });
  });
});

describe("POST /api/auth/login/recovery", () => {
  it("signs in with a recovery code once, tells the customer by notification and email", async () => {
    const { account, codes } = await enrolled();
    const [code] = codes as [string];
    const res = await recover(await challengeOf(account), code);
    expect(res.statusCode, res.body).toBe(200);
    expect(meResponseSchema.parse(res.json()).user.email).toBe(account.email);
    const token = sessionToken(res) as string;
    expect((await me(t, token)).statusCode).toBe(200);

    // Mailed, whatever the settings, with where and how many are left; no code in it.
    const [mail] = (await mailTo(t, account.email)).filter((m) => m.subject.includes("recovery code"));
    expect(mail?.subject).toBe("A recovery code was used to sign in to Satsbank");
    expect(mail?.text).toContain("9 recovery codes are left");
    expect(mail?.text).toContain("Chrome 156 on Linux");
    for (const shown of codes) expect(mail?.text).not.toContain(shown);
    // Notified once (the email above is its only email).
    const list = (await getJson(t, "/api/notifications", { cookie: token })).json().items;
    expect(list.filter((n: { kind: string }) => n.kind === "recovery_code_used")).toEqual([
      expect.objectContaining({ title: "Recovery code used", type: "security", status: "warning" }),
    ]);
    expect((await getJson(t, apiPaths.account.recoveryCodes, { cookie: token })).json()).toEqual({
      remaining: 9,
    });
    // The login history names how the sign-in was proved (issue 22).
    const [latest] = (await getJson(t, apiPaths.account.loginHistory, { cookie: token })).json().entries;
    expect(latest).toMatchObject({ kind: "signIn", method: "recoveryCode" });

    // The same code again: refused on its field, recorded as a failed attempt.
    const again = await recover(await challengeOf(account), code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: "BAD_REQUEST",
      message: WRONG,
      fields: { recoveryCode: WRONG },
    });
  });

  it("takes the code in any case, with or without its hyphen and spaces", async () => {
    const { account, codes } = await enrolled();
    const [first, second] = codes as [string, string];
    expect((await recover(await challengeOf(account), ` ${first.toUpperCase()} `)).statusCode).toBe(200);
    expect((await recover(await challengeOf(account), second.replace("-", " "))).statusCode).toBe(200);
  });

  it("refuses another account's code, and text that cannot be a code", async () => {
    const mine = await enrolled();
    const theirs = await enrolled();
    const challengeId = await challengeOf(mine.account);
    expect((await recover(challengeId, theirs.codes[0] as string)).statusCode).toBe(400);
    expect((await recover(challengeId, "not a code")).statusCode).toBe(400);
    expect((await recover(challengeId, "")).statusCode).toBe(400);
  });

  it("holds a guesser to the challenge's 5 tries, then the sign-in ends", async () => {
    const { account, codes } = await enrolled();
    const challengeId = await challengeOf(account);
    for (let i = 0; i < 5; i++) {
      expect((await recover(challengeId, `aaaaa-aaaa${"abcde"[i]}`)).statusCode).toBe(400);
    }
    const ended = await recover(challengeId, codes[0] as string);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error.message).toBe("This sign-in has expired. Please sign in again.");
  });

  it("holds a guesser to 20 wrong codes per account an hour, across sign-ins and addresses", async () => {
    const { account, codes } = await enrolled();
    let refused = 0;
    for (let i = 0; i < 5; i++) {
      const challengeId = await challengeOf(account);
      for (let j = 0; j < 5; j++) {
        const res = await recover(challengeId, "aaaaa-aaaaa");
        if (res.statusCode === 429) refused += 1;
      }
    }
    expect(refused).toBe(5);
    // Even the right code waits.
    expect((await recover(await challengeOf(account), codes[0] as string)).statusCode).toBe(429);
    clock.advance(2 * 60 * MINUTE);
    expect((await recover(await challengeOf(account), codes[0] as string)).statusCode).toBe(200);
  });

  it("lets only one of two racing requests with the same code sign in", async () => {
    const { account, codes } = await enrolled();
    const challengeId = await challengeOf(account);
    const [a, b] = await Promise.all([
      recover(challengeId, codes[0] as string),
      recover(challengeId, codes[0] as string),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    expect([a, b].filter((res) => sessionToken(res) !== undefined)).toHaveLength(1);
  });

  it("is for sign-ins with an authenticator app: an emailed code's sign-in refuses it", async () => {
    const { account } = await signUp(t);
    const { challengeId } = (await startSignIn(t, account)).json();
    const res = await recover(challengeId, "aaaaa-aaaaa");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("This sign-in sends a code by email: enter that code.");
  });
});

describe("turning two-factor off and new codes", () => {
  it("turns two-factor off with a recovery code (the device lost), and deletes the codes", async () => {
    const { token, codes, user } = await enrolled();
    const wrong = await postJson(
      t,
      apiPaths.account.twoFactorDisable,
      { recoveryCode: "aaaaa-aaaaa" },
      { cookie: token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ recoveryCode: WRONG });
    const res = await postJson(
      t,
      apiPaths.account.twoFactorDisable,
      { recoveryCode: codes[3] },
      { cookie: token },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.twoFactorEnabled).toBe(false);
    const left = await t.db.execute(
      sql`select count(*)::int as n from recovery_codes where user_id = ${user.id}`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
  });

  it("makes new codes with the password or a code from the app; the old ones stop working", async () => {
    const { account, token, secret, codes } = await enrolled();
    const wrong = await postJson(
      t,
      apiPaths.account.recoveryCodes,
      { currentPassword: "not-my-password" },
      { cookie: token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ currentPassword: "Current password is incorrect" });

    const byPassword = await postJson(
      t,
      apiPaths.account.recoveryCodes,
      { currentPassword: account.password },
      { cookie: token },
    );
    expect(byPassword.statusCode, byPassword.body).toBe(200);
    const fresh: string[] = byPassword.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => codes.includes(code))).toBe(false);
    expect((await recover(await challengeOf(account), codes[0] as string)).statusCode).toBe(400);

    const byCode = await postJson(
      t,
      apiPaths.account.recoveryCodes,
      { code: totpCode({ secret, now: clock.now() }) },
      { cookie: token },
    );
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect((await recover(await challengeOf(account), fresh[0] as string)).statusCode).toBe(400);
    const newest: string[] = byCode.json().recoveryCodes;
    expect((await recover(await challengeOf(account), newest[0] as string)).statusCode).toBe(200);
    const list = (await getJson(t, "/api/notifications", { cookie: token })).json().items;
    expect(list.filter((n: { kind: string }) => n.kind === "recovery_codes_regenerated")).toHaveLength(2);
  });

  it("makes none without two-factor on, nor without a session", async () => {
    const { account, token } = await signUp(t);
    const res = await postJson(
      t,
      apiPaths.account.recoveryCodes,
      { currentPassword: account.password },
      { cookie: token },
    );
    expect(res.statusCode).toBe(409);
    expect(
      (await postJson(t, apiPaths.account.recoveryCodes, { currentPassword: account.password })).statusCode,
    ).toBe(401);
    expect((await getJson(t, apiPaths.account.recoveryCodes, { cookie: token })).json()).toEqual({
      remaining: 0,
    });
  });
});
