import { z } from "zod";

/** Every error the API can answer with. One handler on the server maps each code to its HTTP status. */
export const errorCodeSchema = z.enum([
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  /** The request named a host this server does not answer for (its Host header): DNS rebinding. */
  "MISDIRECTED_REQUEST",
  "RATE_LIMITED",
  /** A withdrawal or a staff action needs the person's passkey: the answer carries the challenge to sign. */
  "PASSKEY_REQUIRED",
  "INTERNAL",
  "SERVICE_UNAVAILABLE",
]);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * Which rule refused a request, when the code alone cannot say it: the web app titles its message from
 * this, never from the message's English text. Each reason's title and text live beside its feature
 * (`sendErrors` in wallet.ts).
 */
export const errorReasonSchema = z.enum([
  "unknownRecipient",
  "selfSend",
  "invalidAddress",
  "otherNetworkAddress",
  "belowDust",
  "invalidAmount",
  "insufficientFunds",
  "dailyLimit",
  "notVerified",
  "emailNotVerified",
  "keyReused",
  /** A withdrawal already on its way (in a payout, or finished) cannot be cancelled. */
  "notCancellable",
  /** A send to one of the bank's own addresses (its change, an address not yet issued, the vault). */
  "ownAddress",
  /** The solvency watchdog paused payouts: a new withdrawal waits (503); transfers go on. */
  "withdrawalsPaused",
  /** The account was deactivated by staff: it cannot sign in or send. */
  "accountInactive",
  /** Production staff without an authenticator app: enrol one before the dashboard opens. */
  "enrolTwoFactor",
  /** A change to how the person signs in (a passkey added, the last removed) needs a fresh proof first. */
  "reauthenticate",
  /** The withdrawal differs from what the passkey signed (recipient, amount, fee or key): 400. */
  "passkeyChanged",
  /** The approval's single-use challenge was used already: 409. */
  "passkeyReused",
  /** The challenge expired or is unknown: 400. */
  "passkeyExpired",
  /** The assertion did not verify (signature, origin, RP ID, user verification, someone else's credential). */
  "passkeyNotVerified",
  /** The credential's signature counter went backwards: refused, and flagged for staff. */
  "passkeyFlagged",
]);
export type ErrorReason = z.infer<typeof errorReasonSchema>;

export const errorStatus = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MISDIRECTED_REQUEST: 421,
  RATE_LIMITED: 429,
  PASSKEY_REQUIRED: 403,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

/** With PASSKEY_REQUIRED: the challenge to sign and send back with the same request (`approval`). */
export const passkeyRequiredSchema = z.object({
  challengeId: z.uuid(),
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyRequired = z.infer<typeof passkeyRequiredSchema>;

/** The one error shape on the wire: `{ error: { code, message, fields?, reason?, passkey? } }`. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** Which rule refused it, for the refusals that share a code (see `errorReasonSchema`). */
    reason: errorReasonSchema.optional(),
    /** PASSKEY_REQUIRED only: what to sign. */
    passkey: passkeyRequiredSchema.optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
