import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../adapters/clock.js";
import { users } from "../db/schema/index.js";
import { createStaff } from "../modules/auth/index.js";
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
  t.app.get("/api/test/request-auth", { preHandler: requireAuth }, async (request) => ({
    keys: Object.keys(signedIn(request).user).sort(),
    // Everything the request holds about the person, as any route or use case could read it.
    text: JSON.stringify(request.auth),
  }));
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
      ctx: { db: t.db, clock: systemClock },
      email,
      name: "Staff Member",
      password: "staff-password",
    });
    expect(staff).toMatchObject({ role: "admin", emailVerified: true });
    const { token, res } = await signIn(t, { email, password: "staff-password" });
    expect(res.json().user.role).toBe("admin");
    expect((await getJson(t, "/api/test/admin", { cookie: token })).statusCode).toBe(200);
    expect((await getJson(t, "/api/test/customer", { cookie: token })).statusCode).toBe(403);
  });
});

describe("the signed-in person on the request", () => {
  it("is a User without the password hash or a TOTP secret, even with two-factor on", async () => {
    const { token, user } = await signUp(t);
    // Secrets as the database holds them (the values only need to be recognisable here).
    await t.db
      .update(users)
      .set({
        totpSecret: "sealed-active-secret",
        totpPendingSecret: "sealed-pending-secret",
        totpLastStep: 7,
      })
      .where(eq(users.id, user.id));
    const res = await getJson(t, "/api/test/request-auth", { cookie: token });
    expect(res.statusCode, res.body).toBe(200);
    const { keys, text } = res.json();
    expect(keys).toEqual([
      "accountType",
      "createdAt",
      "email",
      "emailVerified",
      "hasPasskey",
      "id",
      "name",
      "phone",
      "role",
      "status",
      "twoFactorEnabled",
      "username",
    ]);
    for (const secret of [
      "argon2",
      "sealed-active-secret",
      "sealed-pending-secret",
      "passwordHash",
      "totp",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(JSON.parse(text).user).toMatchObject({ twoFactorEnabled: true, emailVerified: false });
  });
});
