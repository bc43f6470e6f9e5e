import {
  type ErrorCode,
  type ErrorReason,
  errorResponseSchema,
  type PasskeyRequired,
} from "@satsbank/shared";
import type { z } from "zod";
import { takeEarlyResponse } from "./early-data";

/**
 * An error answered by the API (`{ error: { code, message, fields?, reason?, passkey? } }`) or met on the
 * way to it.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ErrorCode;
  /** Per-field messages, keyed by form field name, for `VALIDATION_ERROR`. */
  readonly fields: Readonly<Record<string, string>>;
  /** Which rule refused the request, when the code alone does not say: titles come from this. */
  readonly reason: ErrorReason | undefined;
  /** `PASSKEY_REQUIRED`: the challenge to sign and send back with the same request (lib/passkey.ts). */
  readonly passkey: PasskeyRequired | undefined;

  constructor(options: {
    status: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string> | undefined;
    reason?: ErrorReason | undefined;
    passkey?: PasskeyRequired | undefined;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.fields = options.fields ?? {};
    this.reason = options.reason;
    this.passkey = options.passkey;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

// Only the verbs the API uses; add one with the first endpoint that needs it.
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestOptions<T> {
  method?: Method;
  /** A plain value is sent as JSON; FormData goes as multipart (the browser sets the boundary). */
  body?: unknown;
  /** Parses the response body; without it the body is ignored and `undefined` is returned. */
  schema?: z.ZodType<T>;
  /** A file's text sent as it is, with its own content type (a BIP-329 import: `application/jsonl`). */
  text?: { body: string; contentType: string };
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

const NETWORK_ERROR_MESSAGE = "Could not reach the server. Check your connection and try again.";

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 503) return "SERVICE_UNAVAILABLE";
  if (status >= 400 && status < 500) return "BAD_REQUEST";
  return "INTERNAL";
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = errorResponseSchema.safeParse(body);
  if (parsed.success) return new ApiError({ status: response.status, ...parsed.data.error });
  return new ApiError({
    status: response.status,
    code: codeForStatus(response.status),
    message: response.statusText || `Request failed with status ${response.status}`,
  });
}

/** The one way the app talks to its API: same-origin cookies, JSON in and out, typed errors. */
export async function apiRequest<T = undefined>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined && !options.text ? "GET" : "POST");
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.text) {
    // Not a form's content type either: the CSRF protection above holds (a preflight first).
    headers["Content-Type"] = options.text.contentType;
    body = options.text.body;
  } else if (options.body !== undefined || method !== "GET") {
    // The server accepts a state-changing request only as JSON (or multipart): a cross-site form cannot
    // send that content type without a CORS preflight, so it is the CSRF protection. A request without a
    // body of its own (logout) sends an empty JSON object.
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    // On the dashboard's first load, the same request may already have been made (early-data.ts).
    const early =
      method === "GET" && body === undefined && !options.headers ? await takeEarlyResponse(path) : undefined;
    response =
      early ??
      (await fetch(path, {
        method,
        credentials: "same-origin",
        headers,
        body,
        signal: options.signal,
      }));
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError({ status: 0, code: "SERVICE_UNAVAILABLE", message: NETWORK_ERROR_MESSAGE });
  }

  if (!response.ok) throw await toApiError(response);
  if (!options.schema) return undefined as T;
  const json: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  const parsed = options.schema.safeParse(json);
  if (parsed.success) return parsed.data;
  // The server broke its own contract: report it, and let the screen handle one kind of error.
  console.error(`Unexpected response body from ${path}`, parsed.error.issues);
  throw new ApiError({
    status: response.status,
    code: "INTERNAL",
    message: "Unexpected response from the server.",
  });
}

/** Shorthands for `apiRequest`. */
export const api = {
  get: <T>(
    path: string,
    schema: z.ZodType<T>,
    init?: Omit<RequestOptions<T>, "method" | "schema" | "body">,
  ) => apiRequest(path, { ...init, method: "GET", schema }),
  post: <T = undefined>(path: string, body?: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: "POST", body, schema }),
  put: <T = undefined>(path: string, body: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: "PUT", body, schema }),
  patch: <T = undefined>(path: string, body: unknown, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: "PATCH", body, schema }),
  delete: <T = undefined>(path: string, schema?: z.ZodType<T>) =>
    apiRequest(path, { method: "DELETE", schema }),
};
