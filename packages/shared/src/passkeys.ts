import { z } from "zod";
import { authMessages, codeSchema, PASSWORD_MAX_LENGTH, sessionUserSchema } from "./auth.js";
import { passkeyRequiredSchema } from "./errors.js";
import { plainText } from "./text.js";

// Passkeys (issue 22): WebAuthn credentials that sign in alone (user verification makes them both factors),
// prove the person again before a change to how they sign in, and approve each withdrawal on the device.
// The ceremonies run in @simplewebauthn/server and @simplewebauthn/browser; these are their wire shapes.
// docs/decisions/0021-passkeys.md writes the ceremony and the withdrawal's challenge binding down.

/** How long a passkey challenge (sign-in, proof, a withdrawal's approval) can be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** How long a proof (a sign-in, a passkey, the password plus the second step) counts as fresh. */
export const FRESH_PROOF_MINUTES = 10;
export const PASSKEY_NAME_MAX_LENGTH = 64;
/** Passkeys one account may hold: enough for every device a person has, not a table to fill. */
export const PASSKEYS_PER_ACCOUNT = 20;

export const passkeyMessages = {
  nameRequired: "Enter a name for the passkey",
  nameTooLong: `The name can be at most ${PASSKEY_NAME_MAX_LENGTH} characters`,
  /** 403 PASSKEY_REQUIRED on a withdrawal: the customer's own device must approve it. */
  approvalRequired: "Approve this withdrawal with your passkey",
  /** 403 PASSKEY_REQUIRED on a staff action (approving a large withdrawal, resuming payouts). */
  stepUpRequired: "Confirm this action with your passkey",
  /** 400: the send (recipient, amount, fee, key) differs from what the passkey signed. */
  approvalChanged: "This withdrawal changed after you approved it. Review it and approve it again.",
  /** 409: the approval (its single-use challenge) was used already. */
  approvalReused: "This approval was already used. Approve the withdrawal again.",
  /** 400: the challenge expired (5 minutes) or is unknown. */
  approvalExpired: "The passkey request expired. Please try again.",
  /** 400: the signature, origin, RP ID, user verification or credential did not check out. */
  notVerified: "Your passkey could not be verified. Please try again.",
  /** 403: the credential's signature counter went backwards (a cloned authenticator?): staff look at it. */
  flagged:
    "This passkey was blocked because it may have been copied. Remove it in Security and add a new one, or contact support.",
  /** 403 `reauthenticate`: a change to how the person signs in needs a fresh proof. */
  freshProofRequired: "Confirm it's you to continue",
  /** 409: the credential is registered already (to this or another account). */
  alreadyRegistered: "This passkey is already registered",
  tooMany: `You can have at most ${PASSKEYS_PER_ACCOUNT} passkeys. Remove one to add another.`,
  /** Sign-in with a passkey the bank does not know (removed, or made for another site). */
  unknownPasskey: "This passkey is not registered with your account. Sign in with your password.",
} as const;

export const passkeyNameSchema = z
  .string()
  .trim()
  .check(plainText)
  .min(1, { error: passkeyMessages.nameRequired })
  .max(PASSKEY_NAME_MAX_LENGTH, { error: passkeyMessages.nameTooLong });

// base64url as WebAuthn's JSON carries it; the caps are far above any real authenticator's output.
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: "Invalid encoding" });
const credentialId = base64url(1366).min(1);
const extensionResults = z.record(z.string(), z.unknown());
const attachment = z.enum(["platform", "cross-platform"]).optional();

/** What `startRegistration()` (@simplewebauthn/browser) answers: the new credential and its attestation. */
export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** What `startAuthentication()` answers: the assertion (a signature over the challenge). */
export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65536),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/**
 * The options a browser passes to `startRegistration()` / `startAuthentication()`, as the server made
 * them (generateRegistrationOptions / generateAuthenticationOptions): passed through whole.
 */
export const creationOptionsSchema = z.looseObject({ challenge: z.string(), rp: z.looseObject({}) });
export type CreationOptions = z.infer<typeof creationOptionsSchema>;
export const requestOptionsSchema = z.looseObject({ challenge: z.string() });
export type RequestOptions = z.infer<typeof requestOptionsSchema>;

/** A challenge the server issued: its id (sent back with the answer) and the options to sign. */
export const passkeyChallengeSchema = passkeyRequiredSchema;
export type PasskeyChallenge = z.infer<typeof passkeyChallengeSchema>;

/** A signed answer to a challenge: sent with a withdrawal or a staff action that needs one. */
export const passkeyApprovalSchema = z.object({
  challengeId: z.uuid(),
  response: authenticationResponseSchema,
});
export type PasskeyApproval = z.infer<typeof passkeyApprovalSchema>;

/** `POST /api/auth/passkeys/registration/options` (signed in, fresh proof): the options to create one. */
export const passkeyRegistrationOptionsSchema = z.object({
  challengeId: z.uuid(),
  options: creationOptionsSchema,
});
export type PasskeyRegistrationOptions = z.infer<typeof passkeyRegistrationOptionsSchema>;

/** `POST /api/auth/passkeys/registration/verify`: the new credential, and a name for it (optional). */
export const passkeyRegistrationBodySchema = z.object({
  challengeId: z.uuid(),
  response: registrationResponseSchema,
  name: passkeyNameSchema.optional(),
});
export type PasskeyRegistrationBody = z.infer<typeof passkeyRegistrationBodySchema>;

/**
 * `POST /api/auth/passkeys/authentication/options`: `signIn` (no session: a discoverable credential, the
 * email field's autofill or the button) or `reauthenticate` (signed in: a fresh proof with one of the
 * person's own passkeys).
 */
export const passkeyAuthenticationOptionsBodySchema = z.object({
  purpose: z.enum(["signIn", "reauthenticate"]).default("signIn"),
});
export type PasskeyAuthenticationOptionsBody = z.input<typeof passkeyAuthenticationOptionsBodySchema>;

/** `POST /api/auth/passkeys/authentication/verify`: the assertion; a sign-in starts the session. */
export const passkeyAuthenticationBodySchema = passkeyApprovalSchema.extend({
  remember: z.boolean().default(false),
});
export type PasskeyAuthenticationBody = z.input<typeof passkeyAuthenticationBodySchema>;

/** The answer: the signed-in person; after a proof also until when it counts as fresh. */
export const passkeyAuthenticationResultSchema = z.object({
  user: sessionUserSchema,
  freshUntil: z.iso.datetime().nullable(),
});
export type PasskeyAuthenticationResult = z.infer<typeof passkeyAuthenticationResultSchema>;

/** One of the person's passkeys as Security > Passkeys lists it. */
export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** What made it: the authenticator's model when known ("iCloud Keychain"), else the browser ("Chrome on Linux"). */
  device: z.string(),
  /** Synced between the person's devices (backed up), or bound to one device. */
  synced: z.boolean(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** Blocked: its signature counter went backwards (staff look at it; the person can remove it). */
  flagged: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** `GET /api/account/passkeys`: the list, the withdrawal setting and the session's fresh proof. */
export const passkeyListSchema = z.object({
  passkeys: z.array(passkeySchema),
  /** Withdrawals need the passkey's approval (on by default; only has effect once a passkey exists). */
  approveWithdrawals: z.boolean(),
  /** Until when this session's last proof counts as fresh; null when it does not. */
  freshUntil: z.iso.datetime().nullable(),
});
export type PasskeyList = z.infer<typeof passkeyListSchema>;

export const passkeyResponseSchema = z.object({ passkey: passkeySchema });
export type PasskeyResponse = z.infer<typeof passkeyResponseSchema>;

/** `PATCH /api/account/passkeys/:passkeyId`: rename. */
export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });
export type RenamePasskeyBody = z.infer<typeof renamePasskeyBodySchema>;

/** `PATCH /api/account/passkeys/settings`: turning the approval off needs a fresh proof, on does not. */
export const passkeySettingsBodySchema = z.object({ approveWithdrawals: z.boolean() });
export type PasskeySettingsBody = z.infer<typeof passkeySettingsBodySchema>;

/**
 * `POST /api/account/reauthenticate`: a fresh proof without a passkey, step 1, the current password; it
 * opens a second step as sign-in does (an emailed code, or the authenticator app's).
 */
export const reauthenticateBodySchema = z.object({
  currentPassword: z
    .string()
    .min(1, { error: authMessages.currentPasswordRequired })
    .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordTooLong }),
});
export type ReauthenticateBody = z.infer<typeof reauthenticateBodySchema>;

/** `POST /api/account/reauthenticate/verify`: step 2, the code; the session's proof is fresh after it. */
export const reauthenticateVerifyBodySchema = z.object({
  challengeId: z.string().check(plainText).min(1).max(200),
  code: codeSchema,
});
export type ReauthenticateVerifyBody = z.infer<typeof reauthenticateVerifyBodySchema>;

export const freshProofSchema = z.object({ freshUntil: z.iso.datetime() });
export type FreshProof = z.infer<typeof freshProofSchema>;

/** A passkey approval's refusals (a withdrawal's, a staff action's): the toast's title and text. */
export const passkeyErrors = {
  passkeyChanged: { title: "Approve again", text: passkeyMessages.approvalChanged },
  passkeyReused: { title: "Approval already used", text: passkeyMessages.approvalReused },
  passkeyExpired: { title: "Approval expired", text: passkeyMessages.approvalExpired },
  passkeyNotVerified: { title: "Passkey not verified", text: passkeyMessages.notVerified },
  passkeyFlagged: { title: "Passkey blocked", text: passkeyMessages.flagged },
} as const;

/** 403 `reauthenticate`: the dialog that asks for the proof is titled from this. */
export const freshProofErrors = {
  reauthenticate: { title: "Confirm it's you", text: passkeyMessages.freshProofRequired },
} as const;
