// How an HTTP exchange with a backend failed, as ChainBackendError. Messages name the endpoint by host
// and path only: a URL's user, password or query (where API keys live) never reaches an error.
import { ChainBackendError } from "./chain-backend.js";

/** fetch() threw: the backend is unreachable or too slow. */
export function unreachable(error: unknown, where: string, timeoutMs: number): ChainBackendError {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError" || name === "AbortError") {
    return new ChainBackendError("unavailable", `${where}: no answer within ${timeoutMs} ms`);
  }
  // undici's "fetch failed" keeps the reason in `cause`: a system error code such as ECONNREFUSED.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const reason = typeof cause?.code === "string" ? cause.code : "network error";
  return new ChainBackendError("unavailable", `${where}: unreachable (${reason})`);
}

/** An HTTP status the caller did not expect: refused credentials, a passing outage, or a broken answer. */
export function statusFailure(status: number, where: string): ChainBackendError {
  if (status === 401 || status === 403) {
    return new ChainBackendError(
      "unauthorized",
      `${where}: the backend refused the credentials (HTTP ${status})`,
    );
  }
  if (status >= 500 || status === 408 || status === 429) {
    return new ChainBackendError("unavailable", `${where}: HTTP ${status}`);
  }
  return new ChainBackendError("invalid-response", `${where}: unexpected HTTP ${status}`);
}
