import type { ErrorCode, ErrorReason, SessionUser } from "@satsbank/shared";
import { vi } from "vitest";

/** What a stubbed endpoint sees of the request. */
export interface StubRequest {
  method: string;
  url: URL;
  /** The parsed JSON body, the FormData of a multipart upload, or a text upload's text, if any. */
  body: unknown;
}

/** A Response, or any other value to be answered as JSON with status 200. */
export type StubHandler = (request: StubRequest) => unknown;

export interface StubApiOptions {
  brandName?: string;
  /** The chain backend the meta answer names; "sandbox" shows the Sandbox badge. */
  chain?: "sandbox" | "bitcoind" | "esplora";
  /** CONFIRMATIONS as the meta answer names it (3 unless told). */
  confirmations?: number;
  /** The average seconds between blocks the meta answer names (null unless told: blocks on demand). */
  blockIntervalSeconds?: number | null;
  /** The session `GET /api/auth/me` answers: a user, or `null` for a 401 (the default). */
  user?: SessionUser | null;
  /** More endpoints, keyed "METHOD /path" (`"POST /api/auth/login"`); they win over the defaults. */
  routes?: Record<string, StubHandler>;
}

/** An error answer in the API's one error shape. */
export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  reason?: ErrorReason,
) {
  const error = { code, message, ...(fields ? { fields } : {}), ...(reason ? { reason } : {}) };
  return Response.json({ error }, { status });
}

function readBody(init: RequestInit | undefined): unknown {
  if (init?.body instanceof FormData) return init.body;
  if (typeof init?.body !== "string") return undefined;
  const type = new Headers(init.headers).get("Content-Type");
  return type === null || /^application\/json\b/.test(type) ? JSON.parse(init.body) : init.body;
}

/**
 * Stubs `fetch` at the boundary: `GET /api/meta` and `GET /api/auth/me` answer by default, `routes` add
 * more, anything else is a 404. Returns the mock; `requestsTo(mock, "POST /api/...")` lists what was sent.
 */
export function stubApi({
  brandName = "Satsbank",
  chain = "bitcoind",
  confirmations = 3,
  blockIntervalSeconds = null,
  user = null,
  routes = {},
}: StubApiOptions = {}) {
  const handlers: Record<string, StubHandler> = {
    "GET /api/meta": () => ({ brandName, chain, confirmations, blockIntervalSeconds }),
    "GET /api/auth/me": () => (user ? { user } : apiError(401, "UNAUTHENTICATED", "Sign in to continue")),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(href, "http://localhost");
    const method = (init?.method ?? "GET").toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return apiError(404, "NOT_FOUND", "Not found");
    const answer = await handler({ method, url, body: readBody(init) });
    return answer instanceof Response ? answer : Response.json(answer);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The bodies sent to one endpoint ("METHOD /path"), in order: parsed JSON, an upload's FormData or text. */
export function requestsTo(fetchMock: ReturnType<typeof stubApi>, endpoint: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      return (
        `${(init?.method ?? "GET").toUpperCase()} ${new URL(href, "http://localhost").pathname}` === endpoint
      );
    })
    .map(([, init]) => readBody(init));
}
