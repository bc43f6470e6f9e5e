import { type ErrorCode, type ErrorReason, type ErrorResponse, errorStatus } from "@satsbank/shared";
import type { FastifyInstance, FastifySchemaValidationError } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/errors.js";
import { AppError, PasskeyRequiredError, RateLimitedError } from "../domain/app-error.js";

type MappedError = { status: number; body: ErrorResponse };

// Errors raised by Fastify and its plugins carry only an HTTP status; give each a code from the contract.
const codeForStatus: Partial<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "SERVICE_UNAVAILABLE",
};

// A 5xx never shows its own text: it may carry SQL, paths or secrets. The log keeps the detail. (An
// AppError with a reason is a refusal the code wrote for the customer: its text is shown.)
const hiddenMessage = (status: number) =>
  status === 503 ? "Service temporarily unavailable" : "Internal server error";

/** The database unreachable (down, restarting, its connection lost): what the client is told. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "The bank cannot reach its database just now. Please try again in a moment.";
/** Seconds a client waits before asking again when the database was unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

function body(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: ErrorReason,
): ErrorResponse {
  return {
    error: {
      code,
      message,
      ...(fields === undefined ? {} : { fields }),
      ...(reason === undefined ? {} : { reason }),
    },
  };
}

type ValidationFailure = { validation: FastifySchemaValidationError[]; validationContext?: string };

function isValidationFailure(error: unknown): error is ValidationFailure {
  return typeof error === "object" && error !== null && Array.isArray(Reflect.get(error, "validation"));
}

/** Turns validation issues into `fields`: "address.city" -> message, the first message per field. */
function fieldsOf({ validation, validationContext }: ValidationFailure): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const missing = issue.params.missingProperty;
    const segments = issue.instancePath.split("/").filter(Boolean);
    if (typeof missing === "string") segments.push(missing);
    const field = segments.length > 0 ? segments.join(".") : (validationContext ?? "request");
    fields[field] ??= issue.message ?? "Invalid value";
  }
  return fields;
}

function statusOf(error: unknown): number | undefined {
  const status = typeof error === "object" && error !== null ? Reflect.get(error, "statusCode") : undefined;
  return typeof status === "number" && status >= 400 && status < 600 ? status : undefined;
}

/** Maps anything thrown to the status and body the client sees. Pure, so it is easy to test. */
export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    const status = errorStatus[error.code];
    // A refusal with a reason was written for the customer (withdrawalsPaused: a 503 that says why).
    if (status >= 500 && error.reason === undefined) {
      return { status, body: body(error.code, hiddenMessage(status)) };
    }
    const mapped = body(error.code, error.message, error.fields, error.reason);
    if (error instanceof PasskeyRequiredError) mapped.error.passkey = error.passkey;
    return { status, body: mapped };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: body("SERVICE_UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE) };
  }
  if (isValidationFailure(error)) {
    return { status: 400, body: body("VALIDATION_ERROR", "Invalid request", fieldsOf(error)) };
  }
  const status = statusOf(error) ?? 500;
  if (status >= 500)
    return { status, body: body(codeForStatus[status] ?? "INTERNAL", hiddenMessage(status)) };
  const message = error instanceof Error ? error.message : "Bad request";
  return { status, body: body(codeForStatus[status] ?? "BAD_REQUEST", message) };
}

/** The one error handler: every error leaves the server as `{ error: { code, message, fields?, reason?, passkey? } }`. */
export const errorHandler = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error, request, reply) => {
      const { status, body } = mapError(error);
      if (status >= 500) request.log.error({ err: error }, "request failed");
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      else if (status === 503 && isDatabaseUnavailable(error))
        reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply.code(status).send(body);
    });
  },
  { name: "error-handler" },
);
