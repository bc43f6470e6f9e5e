/** How long after the page started an early answer may stand in for a request: the first screen only. */
const EARLY_WINDOW_MS = 10_000;

declare global {
  interface Window {
    /** Set by public/early-data.js on the dashboard's page: its requests, by path, still unanswered or not. */
    satsbankEarly?: Record<string, Promise<Response | undefined> | undefined>;
  }
}

/**
 * The answer public/early-data.js already asked for `path` (a GET made with the same headers and
 * credentials as apiRequest's), taken once; `undefined` when there is none, when the page has been open
 * too long for it to be current, or when it failed or was not a success (the caller then asks again, so a
 * signed-out visitor's early 401 never stands in for a request made after signing in).
 */
export async function takeEarlyResponse(path: string): Promise<Response | undefined> {
  const early = typeof window === "undefined" ? undefined : window.satsbankEarly;
  const pending = early?.[path];
  if (!early || !pending) return undefined;
  delete early[path];
  if (performance.now() > EARLY_WINDOW_MS) return undefined;
  const response = await pending;
  return response?.ok ? response : undefined;
}
