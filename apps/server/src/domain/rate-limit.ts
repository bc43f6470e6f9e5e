/**
 * Sliding-window rate limits: a rule allows `max` hits per `windowMs` for one key (an email, an IP
 * address). The hits are kept in the database, so every API process counts the same ones.
 */
export type RateLimitRule = {
  /** Names the counter in storage; two rules never share one. */
  readonly bucket: string;
  readonly max: number;
  readonly windowMs: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Every limit, in one place. Only failures count toward the sign-in and code limits: a person (or a test
 * suite) signing in correctly, however often, is never slowed down.
 */
export const rateLimitRules = {
  /** Wrong passwords per account key (the normalised email, whether or not an account has it). */
  signInFailuresPerAccount: { bucket: "sign-in-failures:account", max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords per client IP address, over all emails. */
  signInFailuresPerIp: { bucket: "sign-in-failures:ip", max: 20, windowMs: 15 * MINUTE },
  /** Wrong second-step codes per client IP address (each challenge also ends after 5). */
  codeFailuresPerIp: { bucket: "code-failures:ip", max: 20, windowMs: 15 * MINUTE },
  /** Wrong authenticator codes while turning two-factor authentication on or off, per account. */
  twoFactorFailuresPerAccount: { bucket: "two-factor-failures:account", max: 10, windowMs: 15 * MINUTE },
  /** Password reset requests per normalised email, whether or not an account has it. */
  resetRequestsPerEmail: { bucket: "reset-requests:email", max: 3, windowMs: HOUR },
  resetRequestsPerIp: { bucket: "reset-requests:ip", max: 10, windowMs: HOUR },
  signUpsPerIp: { bucket: "sign-ups:ip", max: 10, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Hits older than this count for no rule and may be deleted. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(rateLimitRules).map((rule) => rule.windowMs));

export const RATE_LIMITED_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/** The oldest moment a hit may have and still count for the rule at `now`. */
export function windowStart(rule: RateLimitRule, now: Date): Date {
  return new Date(now.getTime() - rule.windowMs);
}

/**
 * When the limit stops holding, or null when it does not hold. `recentHits` are the key's hits inside the
 * window, newest first (at least the `max` newest). The limit holds while `max` hits are in the window; it
 * ends when the `max`-th newest of them leaves it.
 */
export function limitEndsAt(rule: RateLimitRule, recentHits: readonly Date[]): Date | null {
  const blocking = recentHits[rule.max - 1];
  return blocking === undefined ? null : new Date(blocking.getTime() + rule.windowMs);
}

/** Whole seconds until `endsAt`, at least 1: the Retry-After header. */
export function retryAfterSeconds(endsAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
}
