import type { ErrorCode, ErrorReason, PasskeyRequired } from "@satsbank/shared";

/**
 * The one error the code throws on purpose. The error handler turns it into
 * `{ error: { code, message, fields?, reason? } }` with the status the shared contract gives the code.
 * It lives in domain/ so that pure rules can throw it too.
 */
export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field path -> message, shown beside the form field that caused it. */
    readonly fields?: Record<string, string>,
    /** Which rule refused it, when refusals share a code (the client titles its message from this). */
    readonly reason?: ErrorReason,
  ) {
    super(message);
  }
}

/** Over a rate limit: 429 RATE_LIMITED with the readable message and a Retry-After header. */
export class RateLimitedError extends AppError {
  override name = "RateLimitedError";

  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("RATE_LIMITED", message);
  }
}

/**
 * 403 PASSKEY_REQUIRED: the request needs the signature of the person's passkey over a challenge bound to
 * it. The answer carries the challenge's id and options; the client signs and sends the same request again
 * with `approval`.
 */
export class PasskeyRequiredError extends AppError {
  override name = "PasskeyRequiredError";

  constructor(
    message: string,
    readonly passkey: PasskeyRequired,
  ) {
    super("PASSKEY_REQUIRED", message);
  }
}
