import { describe, expect, it } from "vitest";
import { changePasswordBodySchema } from "./account.js";
import { loginBodySchema, signupBodySchema, verifyLoginBodySchema } from "./auth.js";

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join(".");
    out[key] ??= issue.message;
  }
  return out;
}

describe("sign-in schema", () => {
  it("gives the specification's messages", () => {
    expect(messages(loginBodySchema.safeParse({ email: "", password: "" }))).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
    expect(messages(loginBodySchema.safeParse({ email: "not-an-email", password: "short" }))).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
  });

  it("refuses an unpaired surrogate in the email and the password: it could not be stored or hashed as typed", () => {
    expect(
      messages(loginBodySchema.safeParse({ email: "a\ud800@b.co", password: "long enough\udc00" })),
    ).toEqual({
      email: "Use plain text: broken characters (unpaired surrogates) are not allowed",
      password: "Use plain text: broken characters (unpaired surrogates) are not allowed",
    });
  });

  it("trims the email and defaults remember to false", () => {
    expect(loginBodySchema.parse({ email: " demo@example.com ", password: "demo-password" })).toEqual({
      email: "demo@example.com",
      password: "demo-password",
      remember: false,
    });
  });
});

describe("sign-up schema", () => {
  it("requires a name and a matching confirmation", () => {
    const base = { name: "", email: "a@b.co", password: "long-enough", confirmPassword: "" };
    expect(messages(signupBodySchema.safeParse(base))).toEqual({
      name: "Full name is required",
      confirmPassword: "Please confirm your password",
    });
    const mismatch = { ...base, name: "Ann", confirmPassword: "different-one" };
    expect(messages(signupBodySchema.safeParse(mismatch))).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it("reports a mismatch together with every other message", () => {
    const result = signupBodySchema.safeParse({
      name: "",
      email: "",
      password: "long-enough",
      confirmPassword: "different-one",
    });
    expect(messages(result)).toEqual({
      name: "Full name is required",
      email: "Email is required",
      confirmPassword: "Passwords don't match",
    });
    const short = { name: "Ann", email: "not-an-email", password: "short", confirmPassword: "shorter" };
    expect(messages(signupBodySchema.safeParse(short))).toEqual({
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });

  it("survives a body that is not an object", () => {
    expect(signupBodySchema.safeParse(null).success).toBe(false);
    expect(signupBodySchema.safeParse({ name: "Ann" }).success).toBe(false);
  });
});

describe("second step", () => {
  it("accepts exactly six digits", () => {
    expect(verifyLoginBodySchema.safeParse({ challengeId: "c", code: "123456" }).success).toBe(true);
    for (const code of ["12345", "1234567", "12345a", ""]) {
      expect(verifyLoginBodySchema.safeParse({ challengeId: "c", code }).success).toBe(false);
    }
  });
});

describe("change password schema", () => {
  it("refuses a new password equal to the current one, on the New Password field", () => {
    const same = {
      currentPassword: "old-password",
      newPassword: "old-password",
      confirmPassword: "old-password",
    };
    expect(messages(changePasswordBodySchema.safeParse(same))).toEqual({
      newPassword: "Your new password must be different from your current password",
    });
    // One character apart is a new password.
    expect(
      changePasswordBodySchema.safeParse({
        ...same,
        newPassword: "old-passwordX",
        confirmPassword: "old-passwordX",
      }).success,
    ).toBe(true);
  });

  it("refuses a new password holding an unpaired surrogate: the hash would see U+FFFD in its place", () => {
    const body = { currentPassword: "old-password", newPassword: "new password \ud800" };
    expect(
      messages(changePasswordBodySchema.safeParse({ ...body, confirmPassword: body.newPassword })),
    ).toEqual({
      newPassword: "Use plain text: broken characters (unpaired surrogates) are not allowed",
    });
  });

  it("gives the specification's messages", () => {
    expect(
      messages(
        changePasswordBodySchema.safeParse({
          currentPassword: "",
          newPassword: "short",
          confirmPassword: "",
        }),
      ),
    ).toEqual({
      currentPassword: "Current password is required",
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Password confirmation is required",
    });
    expect(
      messages(
        changePasswordBodySchema.safeParse({
          currentPassword: "old-password",
          newPassword: "new-password",
          confirmPassword: "other-password",
        }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
    expect(
      messages(
        changePasswordBodySchema.safeParse({
          currentPassword: "",
          newPassword: "short",
          confirmPassword: "shorter!",
        }),
      ),
    ).toEqual({
      currentPassword: "Current password is required",
      newPassword: "Password must be at least 8 characters",
      confirmPassword: "Passwords don't match",
    });
  });
});
