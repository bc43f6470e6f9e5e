import { accountMessages, apiPaths, authMessages, textMessages } from "@satsbank/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { me, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const update = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: "PATCH",
    url: apiPaths.account.profile,
    payload,
    ...(token === undefined ? {} : { cookies: { satsbank_session: token } }),
  });

describe("PATCH /api/account/profile", () => {
  it("changes the name and phone (kept as the customer grouped it), answers the fresh user, and keeps the email", async () => {
    const { token, user } = await signUp(t);
    const res = await update(token, { name: "  Ada King ", phone: "+44 20 7946 0106" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      id: user.id,
      name: "Ada King",
      phone: "+44 20 7946 0106",
      email: user.email,
      username: user.username,
    });
    const after = (await me(t, token)).json().user;
    expect(after).toMatchObject({ name: "Ada King", phone: "+44 20 7946 0106", email: user.email });
  });

  it("removes the phone when it is left empty", async () => {
    const { token } = await signUp(t);
    await update(token, { name: "Ada", phone: "+1 555 010 4477" });
    const res = await update(token, { name: "Ada", phone: "" });
    expect(res.json().user.phone).toBeNull();
    expect((await me(t, token)).json().user.phone).toBeNull();
  });

  it("ignores an email in the body: the email cannot change here", async () => {
    const { token, user } = await signUp(t);
    const res = await update(token, { name: "Ada", phone: "", email: "someone-else@example.com" });
    expect(res.statusCode).toBe(200);
    expect((await me(t, token)).json().user.email).toBe(user.email);
  });

  it("refuses a phone not in international format and a missing name, on their fields, and changes nothing", async () => {
    const { token, user } = await signUp(t);
    for (const [body, fields] of [
      [
        { name: "", phone: "020 7946 0106" },
        { name: authMessages.fullNameRequired, phone: accountMessages.phoneInvalid },
      ],
      [
        { name: "a".repeat(101), phone: "+44" },
        { name: authMessages.fullNameTooLong, phone: accountMessages.phoneInvalid },
      ],
      [
        { name: "Ada\u202e", phone: "+44 20\u00007946 0106" },
        { name: textMessages.hostile, phone: textMessages.hostile },
      ],
    ] as const) {
      const res = await update(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: "VALIDATION_ERROR", fields });
    }
    expect((await update(token, { name: "Ada" })).statusCode).toBe(400);
    expect((await me(t, token)).json().user).toMatchObject({ name: user.name, phone: null });
  });

  it("needs a session", async () => {
    expect((await update(undefined, { name: "Ada", phone: "" })).statusCode).toBe(401);
  });
});
