import { apiPaths } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeys } from "../../db/schema/index.js";
import { getJson, sessionToken } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { testStaff } from "../../test/staff-helpers.js";
import {
  addPasskey,
  answerChallenge,
  authenticationChallenge,
  newAuthenticator,
} from "./test/passkey-http.js";

// Issue 22: staff sign in with a passkey too, and where staff must use a strong second factor (production),
// a passkey satisfies the rule as an authenticator app does.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { staffTwoFactorRequired: true } });
});
afterAll(() => t.close());

const customers = `${apiPaths.admin.customers}?page=1&pageSize=20`;

describe("staff with a passkey", () => {
  it("open the dashboard where staff need a second factor, and sign in with the passkey alone", async () => {
    const { token, user } = await testStaff(t);
    const refused = await getJson(t, customers, { cookie: token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.reason).toBe("enrolTwoFactor");
    expect((await getJson(t, apiPaths.admin.me, { cookie: token })).json().twoFactor).toEqual({
      enabled: false,
      required: true,
    });

    // Adding a passkey is no staff route: it works before enrolment (the sign-in just made is the proof).
    const authenticator = newAuthenticator();
    expect((await addPasskey(t, token, authenticator)).statusCode).toBe(201);
    expect((await getJson(t, customers, { cookie: token })).statusCode).toBe(200);
    expect((await getJson(t, apiPaths.admin.me, { cookie: token })).json().twoFactor).toEqual({
      enabled: true,
      required: true,
    });

    const signedIn = await answerChallenge(t, await authenticationChallenge(t, "signIn"), authenticator);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: user.id, role: "admin" });
    expect((await getJson(t, customers, { cookie: sessionToken(signedIn) })).statusCode).toBe(200);

    // A blocked passkey is no second factor: back to enrolment.
    await t.db.update(passkeys).set({ flaggedAt: new Date() }).where(eq(passkeys.userId, user.id));
    expect((await getJson(t, customers, { cookie: token })).json().error.reason).toBe("enrolTwoFactor");
  });
});
