import { isPathWithin, paths } from "./paths";

/** The query parameter that carries the page a signed-out visitor first asked for. */
export const NEXT_PARAM = "next";

/** The query parameter that says why the session ended, when the server said (a deactivated account). */
export const REASON_PARAM = "reason";

/**
 * `/auth/login?next=<target>`: where a guard sends a signed-out visitor; with `&reason=accountInactive`
 * when the server ended the session for that reason, so sign-in can say why.
 */
export function loginPathWithNext(target: string, reason?: "accountInactive"): string {
  const query = new URLSearchParams({ [NEXT_PARAM]: target });
  if (reason !== undefined) query.set(REASON_PARAM, reason);
  return `${paths.auth.login}?${query}`;
}

// The public account screens: sending someone back to one after signing in makes no sense (and could loop).
const NOT_A_TARGET = [paths.auth.login, paths.auth.signup, paths.auth.resetPassword];
const PROBE_ORIGIN = "https://next.invalid";

/**
 * The `next` target if it is a page of this app, else `null`. Only a path with one leading slash is
 * taken (`//evil.example` and `/\evil.example` are other sites to a browser), and never a sign-in,
 * sign-up or reset page. The KYC steps (also under /auth) are real targets.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || raw.startsWith("//")) return null;
  // Browsers read a backslash as a slash and drop tabs and newlines: refuse them rather than guess.
  if (/[\\\s]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (NOT_A_TARGET.some((path) => isPathWithin(url.pathname, path))) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
