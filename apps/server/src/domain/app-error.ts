import type { ErrorCode } from "@satsbank/shared";

/**
 * The one error the code throws on purpose. The error handler turns it into
 * `{ error: { code, message, fields? } }` with the status the shared contract gives the code.
 * It lives in domain/ so that pure rules can throw it too.
 */
export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field path -> message, shown beside the form field that caused it. */
    readonly fields?: Record<string, string>,
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
