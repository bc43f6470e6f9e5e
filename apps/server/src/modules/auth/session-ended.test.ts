import { apiPaths, sendErrors } from "@satsbank/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeClock, fakeClock, getJson, me, postJson, signIn, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { type TestStaff, testStaff } from "../../test/staff-helpers.js";

// Issue 21, item 11: a deactivated customer's open session hears why it ended.

let t: TestApp;
let clock: FakeClock;
let staff: TestStaff;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
  staff = await testStaff(t, { name: "Customer Desk" });
});
afterAll(() => t.close());

const HOUR = 3_600_000;

const setStatus = (userId: string, action: "deactivate" | "reactivate") =>
  postJson(
    t,
    action === "deactivate"
      ? apiPaths.admin.deactivateCustomer(userId)
      : apiPaths.admin.reactivateCustomer(userId),
    { reason: "Checking the account" },
    { cookie: staff.token },
  );

describe("a deactivated customer's session", () => {
  it("answers 401 with the reason accountInactive and the message, on every signed-in route", async () => {
    const { token, user } = await signUp(t);
    expect((await setStatus(user.id, "deactivate")).statusCode).toBe(200);
    for (const url of [apiPaths.auth.me, apiPaths.wallet.summary, apiPaths.account.loginHistory]) {
      const res = await getJson(t, url, { cookie: token });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error).toEqual({
        code: "UNAUTHENTICATED",
        message: sendErrors.accountInactive.text,
        reason: "accountInactive",
      });
    }
    // Nothing of the session is live: it was deleted; only its token's hash is kept, with the reason.
    const live = await t.db.execute(sql`select 1 from sessions where user_id = ${user.id}`);
    expect(live.rows).toEqual([]);
  });

  it("says nothing more once the account is active again, or once the session would have expired", async () => {
    const { account, token, user } = await signUp(t);
    const remembered = await signIn(t, account, {}, true);
    expect((await setStatus(user.id, "deactivate")).statusCode).toBe(200);
    expect((await me(t, token)).json().error.reason).toBe("accountInactive");
    expect((await setStatus(user.id, "reactivate")).statusCode).toBe(200);
    // Reactivation does not bring the session back: plain "sign in".
    const after = await me(t, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toEqual({ code: "UNAUTHENTICATED", message: "Please sign in to continue." });

    expect((await setStatus(user.id, "deactivate")).statusCode).toBe(200);
    expect((await me(t, remembered.token)).json().error.reason).toBe("accountInactive");
    clock.advance(31 * 24 * HOUR); // past the remembered session's 30 days
    expect((await me(t, remembered.token)).json().error.reason).toBeUndefined();
  });

  it("gives no reason for a made-up cookie or a signed-out session", async () => {
    const { token } = await signUp(t);
    expect((await postJson(t, apiPaths.auth.logout, {}, { cookie: token })).statusCode).toBe(204);
    for (const cookie of [token, "made-up-token"]) {
      expect((await me(t, cookie)).json().error).toEqual({
        code: "UNAUTHENTICATED",
        message: "Please sign in to continue.",
      });
    }
  });
});
