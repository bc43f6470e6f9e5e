import { z } from "zod";
import { plainText, wellFormedText } from "./text.js";

// The specification's messages (section 5), written once: the web forms and the server routes validate
// with these same schemas.
export const authMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Invalid email address",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 128 characters",
  fullNameRequired: "Full name is required",
  fullNameTooLong: "Full name must be at most 100 characters",
  confirmRequired: "Please confirm your password",
  passwordsDontMatch: "Passwords don't match",
  currentPasswordRequired: "Current password is required",
  confirmNewRequired: "Password confirmation is required",
  codeInvalid: "Enter the 6-digit code",
  recoveryCodeRequired: "Enter a recovery code",
  /** A password change or reset to the password the account already has (issue 21). */
  passwordUnchanged: "Your new password must be different from your current password",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
// Hashing cost grows with input; a cap keeps a giant password from being a denial of service.
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;

// No `abort: true` in the field schemas: an explicit abort anywhere in a body stops the body's own checks
// (the password confirmation), and forms and the server show only the first message per field anyway.
export const emailSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: authMessages.emailRequired })
  .max(254, { error: authMessages.emailInvalid })
  .pipe(z.email({ error: authMessages.emailInvalid }));

export const passwordSchema = z
  .string()
  .check(wellFormedText)
  .min(1, { error: authMessages.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong });

/** A person's full name: sign-up's rule, and Account Details' when it is edited. */
export const fullNameSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: authMessages.fullNameRequired })
  .max(100, { error: authMessages.fullNameTooLong });

export const codeSchema = z.string().regex(/^\d{6}$/, { error: authMessages.codeInvalid });

/** How many recovery codes an account gets at a time. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A recovery code as typed ("7hk3m-q9xwz"): case, spaces and hyphens do not matter (the server compares
 * its letters and digits); anything longer than a code could be is refused.
 */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: authMessages.recoveryCodeRequired })
  .max(40, { error: authMessages.recoveryCodeRequired });

export const roleSchema = z.enum(["customer", "admin"]);
export type Role = z.infer<typeof roleSchema>;

export const accountTypeSchema = z.enum(["personal", "business"]);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  remember: z.boolean().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const secondFactorMethodSchema = z.enum(["email", "totp"]);
export type SecondFactorMethod = z.infer<typeof secondFactorMethodSchema>;

/** Step 1 answer: the password was right; a second step is pending. */
export const loginChallengeSchema = z.object({
  challengeId: z.string(),
  method: secondFactorMethodSchema,
  expiresAt: z.iso.datetime(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const verifyLoginBodySchema = z.object({
  challengeId: z.string().check(plainText).min(1).max(200),
  code: codeSchema,
});
export type VerifyLoginBody = z.infer<typeof verifyLoginBodySchema>;

/** `POST /api/auth/login/recovery`: sign-in's second step with a recovery code instead of the app's code. */
export const recoveryLoginBodySchema = z.object({
  challengeId: verifyLoginBodySchema.shape.challengeId,
  recoveryCode: recoveryCodeSchema,
});
export type RecoveryLoginBody = z.infer<typeof recoveryLoginBodySchema>;

/** `POST /api/auth/login/resend`: a new emailed code for this sign-in; answers the challenge, renewed. */
export const resendCodeBodySchema = z.object({ challengeId: verifyLoginBodySchema.shape.challengeId });
export type ResendCodeBody = z.infer<typeof resendCodeBodySchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  accountType: accountTypeSchema,
  twoFactorEnabled: z.boolean(),
  /** The owner opened the link mailed to `email`; sending needs it. */
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const meResponseSchema = z.object({ user: sessionUserSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * "Passwords don't match" on `confirmPassword` when it differs from the password field `key`. Zod skips a
 * body's refinement once any field has failed; this one reads only the two passwords, so it runs whenever
 * both are text (and no field aborted), and a form shows the mismatch together with every other message.
 */
export function confirmationMatches<K extends string>(key: K) {
  return z.superRefine<Record<K | "confirmPassword", string>>(
    (value, ctx) => {
      if (value.confirmPassword.length > 0 && value.confirmPassword !== value[key]) {
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDontMatch });
      }
    },
    {
      when: ({ value }) =>
        typeof value === "object" &&
        value !== null &&
        typeof Reflect.get(value, key) === "string" &&
        typeof Reflect.get(value, "confirmPassword") === "string",
    },
  );
}

/**
 * The specification's change-password messages leave out one case: a "new" password equal to the current
 * one changes nothing, and is refused on `newPassword`. Runs whenever both are text (see above).
 */
export function differsFromCurrent() {
  return z.superRefine<{ currentPassword: string; newPassword: string }>(
    (value, ctx) => {
      if (value.currentPassword.length > 0 && value.newPassword === value.currentPassword) {
        ctx.addIssue({ code: "custom", path: ["newPassword"], message: authMessages.passwordUnchanged });
      }
    },
    {
      when: ({ value }) =>
        typeof value === "object" &&
        value !== null &&
        typeof Reflect.get(value, "currentPassword") === "string" &&
        typeof Reflect.get(value, "newPassword") === "string",
    },
  );
}

export const signupBodySchema = z
  .object({
    name: fullNameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, { error: authMessages.confirmRequired }),
  })
  .check(confirmationMatches("password"));
export type SignupBody = z.infer<typeof signupBodySchema>;

export const passwordResetRequestBodySchema = z.object({ email: emailSchema });
export type PasswordResetRequestBody = z.infer<typeof passwordResetRequestBodySchema>;

export const PASSWORD_RESET_SENT_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. It is valid for 30 minutes.";

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const passwordResetConfirmBodySchema = z
  .object({
    token: z.string().check(plainText).min(1).max(200),
    password: passwordSchema,
    confirmPassword: z.string().min(1, { error: authMessages.confirmRequired }),
  })
  .check(confirmationMatches("password"));
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** `POST /api/auth/verify-email`: the token of a mailed verification link. */
export const verifyEmailBodySchema = z.object({ token: z.string().check(plainText).min(1).max(200) });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** A link opened again answers "already-verified", not an error: mail clients and people click twice. */
export const verifyEmailResponseSchema = z.object({
  status: z.enum(["verified", "already-verified"]),
  message: z.string(),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
