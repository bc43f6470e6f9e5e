import { ADMIN_DASHBOARD_TITLE, apiPaths, roleLabels, staffAccessErrors } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../adapters/clock.js";
import { routesOf } from "../../test/app-routes.js";
import { getJson, postJson } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { uploadGood } from "../../test/kyc-helpers.js";
import { testCustomer } from "../../test/money-helpers.js";
import { testStaff } from "../../test/staff-helpers.js";
import { totpCode } from "../auth/totp.js";

const UUID = "0b8f7c1e-4a59-4b51-9a59-3f6c3c9c2a11";

/** Every staff route the app serves, from the router itself: a new one joins these tests by itself. */
async function staffRoutes(t: TestApp): Promise<{ method: string; url: string; route: string }[]> {
  await t.app.ready();
  return routesOf(t.app.printRoutes({ commonPrefix: false }))
    .filter((route) => route.split(" ")[1]?.startsWith("/api/admin/"))
    .map((route) => {
      const [method = "", path = ""] = route.split(" ");
      return { method, url: path.replace(/:\w+/g, UUID), route };
    });
}

/** Each route as the web app would call it, with an empty JSON body for a POST (CSRF asks for JSON). */
function call(t: TestApp, { method, url }: { method: string; url: string }, cookie?: string) {
  return t.app.inject({
    method: method as "GET" | "POST",
    url,
    ...(method === "GET" ? {} : { payload: {} }),
    ...(cookie === undefined ? {} : { cookies: { satsbank_session: cookie } }),
  });
}

describe("every staff endpoint", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses the signed-out (401) and customers (403) before it reads the request", async () => {
    const routes = await staffRoutes(t);
    // The dashboard's endpoints at least: the list is read from the router, never written out here.
    expect(routes.length).toBeGreaterThanOrEqual(16);
    const customer = await testCustomer(t);
    for (const route of routes) {
      const signedOut = await call(t, route);
      expect(signedOut.statusCode, `${route.route} signed out`).toBe(401);
      expect(signedOut.json().error.code).toBe("UNAUTHENTICATED");
      const asCustomer = await call(t, route, customer.token);
      expect(asCustomer.statusCode, `${route.route} as a customer`).toBe(403);
      expect(asCustomer.json().error.code).toBe("FORBIDDEN");
    }
    // An unknown path under /api/admin too: a stranger learns nothing of what is there.
    expect((await getJson(t, "/api/admin/nothing-here")).statusCode).toBe(401);
    expect((await getJson(t, "/api/admin/nothing-here", { cookie: customer.token })).statusCode).toBe(403);
  });

  it("answers staff with the header, and outside production only warns about two-factor", async () => {
    const staff = await testStaff(t, { name: "Header Reader" });
    const res = await getJson(t, apiPaths.admin.me, { cookie: staff.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      title: ADMIN_DASHBOARD_TITLE,
      accessLevel: roleLabels.admin,
      staff: { id: staff.user.id, name: "Header Reader", email: staff.account.email },
      twoFactor: { enabled: false, required: false },
    });
    expect(res.json().accessLevel).toBe("Super Admin");
    expect((await getJson(t, apiPaths.admin.books, { cookie: staff.token })).statusCode).toBe(200);
  });
});

describe("staff without an authenticator app, in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    // NODE_ENV=production sets this; the rest of a production configuration is not needed to test it.
    t = await createTestApp({ config: { staffTwoFactorRequired: true } });
  });
  afterAll(() => t.close());

  it("are refused every staff endpoint but the header with the reason enrolTwoFactor, until they enrol", async () => {
    const staff = await testStaff(t, { name: "Needs Enrolment" });
    const me = await getJson(t, apiPaths.admin.me, { cookie: staff.token });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().twoFactor).toEqual({ enabled: false, required: true });

    for (const route of await staffRoutes(t)) {
      if (route.route === `GET ${apiPaths.admin.me}`) continue;
      const res = await call(t, route, staff.token);
      expect(res.statusCode, route.route).toBe(403);
      expect(res.json().error).toMatchObject({
        code: "FORBIDDEN",
        reason: "enrolTwoFactor",
        message: staffAccessErrors.enrolTwoFactor.text,
      });
    }
    // A customer's document, which staff read through the customers' own endpoint, too.
    const customer = await testCustomer(t, { verified: false });
    const document = await uploadGood(t, customer.token, "identity");
    const file = await getJson(t, apiPaths.kyc.document(document.id), { cookie: staff.token });
    expect(file.statusCode).toBe(403);
    expect(file.json().error.reason).toBe("enrolTwoFactor");

    // Enrolment is open to them (the account's own endpoints), and then the dashboard is.
    const setup = await postJson(
      t,
      apiPaths.account.twoFactorSetup,
      { currentPassword: staff.account.password },
      { cookie: staff.token },
    );
    expect(setup.statusCode, setup.body).toBe(200);
    const code = totpCode({ secret: setup.json().secret, now: systemClock.now() });
    const enable = await postJson(t, apiPaths.account.twoFactorEnable, { code }, { cookie: staff.token });
    expect(enable.statusCode, enable.body).toBe(200);
    expect((await getJson(t, apiPaths.admin.me, { cookie: staff.token })).json().twoFactor).toEqual({
      enabled: true,
      required: true,
    });
    expect((await getJson(t, apiPaths.admin.books, { cookie: staff.token })).statusCode).toBe(200);
    expect((await getJson(t, apiPaths.kyc.document(document.id), { cookie: staff.token })).statusCode).toBe(
      200,
    );
  });
});
