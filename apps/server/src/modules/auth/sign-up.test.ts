import { meResponseSchema } from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/index.js";
import { newAccount, postJson, signUp, uniqueEmail } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("POST /api/auth/signup", () => {
  it("creates a signed-in customer with a normalised email and an argon2id hash", async () => {
    const email = uniqueEmail("New.Person");
    const res = await postJson(t, "/api/auth/signup", {
      name: "  Ada Lovelace ",
      email: `  ${email.toUpperCase()} `,
      password: "analytical-engine",
      confirmPassword: "analytical-engine",
    });
    expect(res.statusCode).toBe(201);
    const { user } = meResponseSchema.strict().parse(res.json());
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      name: "Ada Lovelace",
      username: expect.stringMatching(/^adalovelace\d*$/),
      role: "customer",
      accountType: "personal",
      phone: null,
      twoFactorEnabled: false,
    });

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(email.toLowerCase());
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(row?.passwordHash).not.toContain("analytical-engine");
    expect(row?.status).toBe("active");

    // Signed in at once.
    const cookie = res.cookies.find((c) => c.name === "satsbank_session");
    const me = await t.app.inject({
      url: "/api/auth/me",
      cookies: { satsbank_session: cookie?.value ?? "" },
    });
    expect(me.json().user.id).toBe(user.id);
  });

  it("refuses a taken email, whatever its case, with 409 and changes nothing", async () => {
    const { account, user } = await signUp(t);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    const res = await postJson(t, "/api/auth/signup", {
      name: "Someone Else",
      email: account.email.toUpperCase(),
      password: "another-password",
      confirmPassword: "another-password",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: "CONFLICT",
        message: "An account with this email already exists",
        fields: { email: "An account with this email already exists" },
      },
    });
    expect(res.cookies).toHaveLength(0);
    const rows = await t.db.select().from(users).where(eq(users.email, account.email));
    expect(rows).toEqual([before]);
  });

  it("gives each customer a unique username from the name", async () => {
    const first = await signUp(t, newAccount("Zoë Quartermaine"));
    const second = await signUp(t, newAccount("Zoe Quartermaine"));
    expect(first.user.username).toBe("zoequartermaine");
    expect(second.user.username).toBe("zoequartermaine2");
  });

  it("validates with the shared schema's messages", async () => {
    const res = await postJson(t, "/api/auth/signup", {
      name: "",
      email: "nope",
      password: "short",
      confirmPassword: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: "Full name is required",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
  });

  it("limits sign-ups per IP address, counting before any work", async () => {
    const { account } = await signUp(t);
    const attempt = () =>
      postJson(
        t,
        "/api/auth/signup",
        { name: "Spammer", email: account.email, password: "whatever-1", confirmPassword: "whatever-1" },
        { remoteAddress: "203.0.113.50" },
      );
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(409);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("spares this machine outside production (an e2e suite signs up a lot)", async () => {
    const { account } = await signUp(t);
    for (let i = 0; i < 11; i++) {
      const res = await postJson(t, "/api/auth/signup", {
        name: "Tester",
        email: account.email,
        password: "whatever-1",
        confirmPassword: "whatever-1",
      });
      expect(res.statusCode).toBe(409);
    }
  });
});
