/** How long the credentials and sessions of sign-in live. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A sign-in's second step: the emailed code (and the challenge itself) lasts 10 minutes. */
export const SIGN_IN_CHALLENGE_TTL_MS = 10 * MINUTE;
/** Wrong codes a challenge takes before it ends. */
export const SIGN_IN_CHALLENGE_MAX_ATTEMPTS = 5;
export const PASSWORD_RESET_TTL_MS = 30 * MINUTE;
/** An email verification link: long enough for mail read the next morning. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * HOUR;

/** "Remember me": 30 days, in the cookie and on the server. */
export const REMEMBERED_SESSION_TTL_MS = 30 * DAY;
/** Otherwise the cookie lasts until the browser closes, and the server ends the session after 12 hours. */
export const BROWSER_SESSION_TTL_MS = 12 * HOUR;

export function sessionExpiresAt(now: Date, remember: boolean): Date {
  return new Date(now.getTime() + (remember ? REMEMBERED_SESSION_TTL_MS : BROWSER_SESSION_TTL_MS));
}

/** The cookie's Max-Age in seconds, or undefined for a browser-session cookie. */
export function sessionCookieMaxAge(remember: boolean): number | undefined {
  return remember ? REMEMBERED_SESSION_TTL_MS / 1000 : undefined;
}
