import { z } from "zod";
import {
  authMessages,
  codeSchema,
  confirmationMatches,
  differsFromCurrent,
  fullNameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  recoveryCodeSchema,
  sessionUserSchema,
} from "./auth.js";
import { plainText, wellFormedText } from "./text.js";

export const accountMessages = {
  phoneInvalid:
    "Enter the phone number in international format: + and the country code, e.g. +44 20 7946 0106",
  emailFixed: "Your email address cannot be changed here. Contact support if it needs to change.",
} as const;

// E.164: a + and at most 15 digits, the first of them (the country code's) not 0. Seven digits at least:
// no country's full number is shorter.
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The number's E.164 form ("+442079460106"): without the spaces, hyphens, dots and brackets people group
 * digits with. What the phone's validity is judged on; what a machine dialling it would use.
 */
export function normalisePhone(text: string): string {
  return text.replace(/[\s().-]/g, "");
}

/**
 * A phone number in international format, kept as the customer grouped it ("+1 555 0199" stays
 * "+1 555 0199", shown back as typed), only trimmed and with runs of spaces made one: input is never
 * silently changed, and the digits alone ("+15550199") read worse. Valid when its E.164 form is; "" removes
 * it.
 */
export const phoneSchema = z
  .string()
  .trim()
  .check(plainText)
  .max(32, { error: accountMessages.phoneInvalid })
  .overwrite((phone) => phone.replace(/\s+/g, " "))
  .refine((phone) => phone === "" || E164.test(normalisePhone(phone)), {
    error: accountMessages.phoneInvalid,
  });

/** `PATCH /api/account/profile`: Account Details' Edit. The email is not part of it: it cannot change. */
export const updateProfileBodySchema = z.object({ name: fullNameSchema, phone: phoneSchema });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** The password the person signs in with, asked again before a change to how they sign in. */
const currentPasswordSchema = z
  .string()
  .min(1, { error: authMessages.currentPasswordRequired })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong });

export const changePasswordBodySchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: z
      .string()
      .check(wellFormedText)
      .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
    confirmPassword: z.string().min(PASSWORD_MIN_LENGTH, { error: authMessages.confirmNewRequired }),
  })
  .check(confirmationMatches("newPassword"), differsFromCurrent());
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/**
 * `POST /api/account/two-factor/setup`: the current password first, as a password change asks it: a
 * session alone (a stolen cookie) cannot bind an authenticator of its own to the account.
 */
export const twoFactorSetupBodySchema = z.object({ currentPassword: currentPasswordSchema });
export type TwoFactorSetupBody = z.infer<typeof twoFactorSetupBodySchema>;

/** Enrolment of an authenticator app: the secret in text and as an otpauth:// URI for the QR code. */
export const twoFactorSetupResponseSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorCodeBodySchema = z.object({ code: codeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

/**
 * `POST /api/account/two-factor/enable` answers the person and their new recovery codes: shown this once
 * (only a keyed hash of each is kept), each good for one sign-in without the app.
 */
export const twoFactorEnableResponseSchema = z.object({
  user: sessionUserSchema,
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

/**
 * `POST /api/account/two-factor/disable`: a current code from the app, or (the device lost) one of the
 * recovery codes, which it uses up.
 */
export const twoFactorDisableBodySchema = z.union([
  z.object({ code: codeSchema }),
  z.object({ recoveryCode: recoveryCodeSchema }),
]);
export type TwoFactorDisableBody = z.infer<typeof twoFactorDisableBodySchema>;

/**
 * `POST /api/account/two-factor/recovery-codes`: new recovery codes (the old ones stop working), proved
 * with the current password (the app may be lost) or a current code from the app.
 */
export const recoveryCodesBodySchema = z.union([
  z.object({ currentPassword: currentPasswordSchema }),
  z.object({ code: codeSchema }),
]);
export type RecoveryCodesBody = z.infer<typeof recoveryCodesBodySchema>;

export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** `GET /api/account/two-factor/recovery-codes`: how many are left unused (never the codes). */
export const recoveryCodesStatusSchema = z.object({ remaining: z.number().int().nonnegative() });
export type RecoveryCodesStatus = z.infer<typeof recoveryCodesStatusSchema>;

export const loginStatusSchema = z.enum(["success", "failed", "suspicious"]);
export type LoginStatus = z.infer<typeof loginStatusSchema>;

/** Why a successful sign-in is "suspicious" (one or more, in this order). */
export const suspicionReasonSchema = z.enum(["newDevice", "newLocation", "afterFailures"]);
export type SuspicionReason = z.infer<typeof suspicionReasonSchema>;

/** How the login history names each reason, beside the "Suspicious" status. */
export const suspicionReasonLabels = {
  newDevice: "New device",
  newLocation: "New location",
  afterFailures: "After failed attempts",
} as const satisfies Record<SuspicionReason, string>;

/**
 * What a login history entry records: a sign-in (the default), or a change to the account's passkeys
 * (issue 22: every change shows in the history, beside the sign-ins).
 */
export const loginEventKindSchema = z.enum(["signIn", "passkeyAdded", "passkeyRenamed", "passkeyRemoved"]);
export type LoginEventKind = z.infer<typeof loginEventKindSchema>;

/** How a sign-in was proved: the password and a code (emailed or the app's), a recovery code, a passkey. */
export const signInMethodSchema = z.enum(["password", "recoveryCode", "passkey"]);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** How the login history labels each kind of entry other than a sign-in, and each sign-in method. */
export const loginEventKindLabels = {
  signIn: "Sign-in",
  passkeyAdded: "Passkey added",
  passkeyRenamed: "Passkey renamed",
  passkeyRemoved: "Passkey removed",
} as const satisfies Record<LoginEventKind, string>;
export const signInMethodLabels = {
  password: "Password",
  recoveryCode: "Recovery code",
  passkey: "Passkey",
} as const satisfies Record<SignInMethod, string>;

export const loginHistoryEntrySchema = z.object({
  id: z.uuid(),
  timestamp: z.iso.datetime(),
  ipAddress: z.string(),
  device: z.string(),
  location: z.string(),
  status: loginStatusSchema,
  /** Why a suspicious sign-in is one; empty for the others (and for those recorded before reasons were). */
  reasons: z.array(suspicionReasonSchema),
  kind: loginEventKindSchema,
  /** A sign-in's method (null for other kinds, and for sign-ins recorded before methods were). */
  method: signInMethodSchema.nullable(),
  /** A passkey change: the passkey's name (as it was at the change); null otherwise. */
  passkeyName: z.string().nullable(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

export const loginHistoryResponseSchema = z.object({ entries: z.array(loginHistoryEntrySchema) });
export type LoginHistoryResponse = z.infer<typeof loginHistoryResponseSchema>;

export const devMailboxResponseSchema = z.object({
  messages: z.array(
    z.object({ to: z.string(), subject: z.string(), text: z.string(), createdAt: z.iso.datetime() }),
  ),
});
export type DevMailboxResponse = z.infer<typeof devMailboxResponseSchema>;

/** `GET /api/dev/mailbox?to=` (and the page at /dev/mailbox): one recipient's mail, or all of it. */
export const devMailboxQuerySchema = z.object({ to: z.string().check(plainText).max(254).optional() });
export type DevMailboxQuery = z.infer<typeof devMailboxQuerySchema>;
