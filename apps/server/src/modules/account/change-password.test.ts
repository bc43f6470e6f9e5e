import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { me, postJson, signIn, signUp, startSignIn } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (token: string | undefined, currentPassword: string, newPassword: string) =>
  postJson(
    t,
    "/api/account/password",
    { currentPassword, newPassword, confirmPassword: newPassword },
    token === undefined ? {} : { cookie: token },
  );

describe("POST /api/account/password", () => {
  it("refuses a wrong current password on its field", async () => {
    const { token } = await signUp(t);
    const res = await change(token, "not-my-password", "a-new-password");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: "Current password is incorrect",
        fields: { currentPassword: "Current password is incorrect" },
      },
    });
  });

  it("refuses a new password equal to the current one on the New Password field, changing nothing", async () => {
    const { account, token: other } = await signUp(t);
    const { token: current } = await signIn(t, account);
    const res = await change(current, account.password, account.password);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      newPassword: "Your new password must be different from your current password",
    });
    // The other session was not ended: nothing happened.
    expect((await me(t, other)).statusCode).toBe(200);
  });

  it("sets the new password and ends the other sessions, not this one", async () => {
    const { account, token: other } = await signUp(t);
    const { token: current } = await signIn(t, account);
    const res = await change(current, account.password, "a-new-password");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Your password has been updated" });
    expect((await me(t, current)).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    expect((await startSignIn(t, account)).statusCode).toBe(401);
    expect((await startSignIn(t, { ...account, password: "a-new-password" })).statusCode).toBe(200);
  });

  it("validates with the shared messages and needs a session", async () => {
    const { token } = await signUp(t);
    const invalid = await postJson(
      t,
      "/api/account/password",
      { currentPassword: "", newPassword: "short", confirmPassword: "" },
      { cookie: token },
    );
    expect(invalid.json().error.fields).toEqual({
      currentPassword: "Current password is required",
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Password confirmation is required",
    });
    expect((await change(undefined, "whatever-1", "whatever-2")).statusCode).toBe(401);
  });
});
