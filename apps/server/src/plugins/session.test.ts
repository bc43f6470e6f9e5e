import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaff } from "../modules/auth/create-staff.js";
import { getJson, signIn, signUp, uniqueEmail } from "../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../test/create-test-app.js";
import { requireAuth, requireRole, signedIn } from "./session.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // buildApp returns before ready(): routes that exist only to be guarded.
  t.app.get("/api/test/private", { preHandler: requireAuth }, async (request) => ({
    email: signedIn(request).user.email,
  }));
  t.app.get("/api/test/admin", { preHandler: requireRole("admin") }, async () => ({ ok: true }));
  t.app.get("/api/test/customer", { preHandler: requireRole("customer") }, async () => ({ ok: true }));
});
afterAll(() => t.close());

describe("roles", () => {
  it("answers 401 signed out on every guarded route", async () => {
    for (const url of ["/api/test/private", "/api/test/admin", "/api/test/customer"]) {
      const res = await getJson(t, url);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("lets a customer through customer routes and answers 403 on admin ones", async () => {
    const { token, account } = await signUp(t);
    expect((await getJson(t, "/api/test/private", { cookie: token })).json()).toEqual({
      email: account.email,
    });
    expect((await getJson(t, "/api/test/customer", { cookie: token })).statusCode).toBe(200);
    const res = await getJson(t, "/api/test/admin", { cookie: token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "FORBIDDEN", message: "You do not have access to this." });
  });

  it("lets staff through admin routes and answers 403 on customer ones", async () => {
    const email = uniqueEmail("staff");
    const staff = await createStaff({
      ctx: { db: t.db },
      email,
      name: "Staff Member",
      password: "staff-password",
    });
    expect(staff.role).toBe("admin");
    const { token, res } = await signIn(t, { email, password: "staff-password" });
    expect(res.json().user.role).toBe("admin");
    expect((await getJson(t, "/api/test/admin", { cookie: token })).statusCode).toBe(200);
    expect((await getJson(t, "/api/test/customer", { cookie: token })).statusCode).toBe(403);
  });
});
