/**
 * Rate limits: a rule allows `max` hits per `windowMs` for one key (an email, an IP address, an account).
 * The counts live in the database, so every API process and every restart sees the same ones.
 *
 * The window slides, approximated by two fixed windows (aligned on multiples of `windowMs` since the
 * epoch): the count is the current window's hits plus the previous window's, weighted by the share of the
 * previous window that the sliding window (now - windowMs, now] still covers. See docs/decisions/0007.
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
 * Every limit, in one place. The sign-in and code limits take a hit before the check and give it back
 * when the password or code was right: only failures count, and a burst cannot pass more than `max`.
 */
export const rateLimitRules = {
  /** Wrong passwords per account key (the normalised email, whether or not an account has it). */
  signInFailuresPerAccount: { bucket: "sign-in-failures:account", max: 5, windowMs: 15 * MINUTE },
  /** Wrong passwords per client IP address, over all emails. */
  signInFailuresPerIp: { bucket: "sign-in-failures:ip", max: 20, windowMs: 15 * MINUTE },
  /**
   * Wrong passwords from a browser that signed in to the account before (its device cookie names the
   * account): counted for that account and browser alone, instead of the two limits above, so nobody
   * else's failures lock the owner out.
   */
  signInFailuresPerKnownDevice: { bucket: "sign-in-failures:device", max: 5, windowMs: 15 * MINUTE },
  /** Sign-in codes mailed per account: generous for people and test suites, not for mail bombing. */
  signInCodesMailedPerAccount: { bucket: "sign-in-codes-mailed:account", max: 60, windowMs: HOUR },
  /**
   * "Resend code" on the sign-in's code step, per account: a new code for the open challenge (each also
   * counts toward the codes mailed above). A person needs one or two; more is mail bombing.
   */
  signInCodeResendsPerAccount: { bucket: "sign-in-code-resends:account", max: 3, windowMs: 15 * MINUTE },
  /** Wrong second-step codes per client IP address (each challenge also ends after 5). */
  codeFailuresPerIp: { bucket: "code-failures:ip", max: 20, windowMs: 15 * MINUTE },
  /** Wrong second-step codes per account, across its challenges. */
  codeFailuresPerAccount: { bucket: "code-failures:account", max: 20, windowMs: HOUR },
  /** Wrong authenticator codes while turning two-factor authentication on or off, per account. */
  twoFactorFailuresPerAccount: { bucket: "two-factor-failures:account", max: 10, windowMs: 15 * MINUTE },
  /** Password reset requests per normalised email, whether or not an account has it. */
  resetRequestsPerEmail: { bucket: "reset-requests:email", max: 3, windowMs: HOUR },
  resetRequestsPerIp: { bucket: "reset-requests:ip", max: 10, windowMs: HOUR },
  signUpsPerIp: { bucket: "sign-ups:ip", max: 10, windowMs: HOUR },
  /** New email verification links a signed-in customer asks for, per account (sign-up's own is free). */
  verificationEmailsPerAccount: { bucket: "verification-emails:account", max: 3, windowMs: HOUR },
  /** A person sends a few times a minute at most: a burst beyond this is a script. */
  sendsPerCustomer: { bucket: "sends:customer", max: 30, windowMs: MINUTE },
  quotesPerCustomer: { bucket: "quotes:customer", max: 120, windowMs: MINUTE },
  /** Identity documents uploaded per customer: each is decoded and re-encoded (or parsed), which costs. */
  kycUploadsPerCustomer: { bucket: "kyc-uploads:customer", max: 30, windowMs: 60 * MINUTE },
  /** Support requests per customer: each is a row for staff to read and a mail; a person needs a few. */
  supportRequestsPerCustomer: { bucket: "support-requests:customer", max: 5, windowMs: HOUR },
  /**
   * The public contact form (no session): messages per client address, and per email typed (each mails a
   * confirmation to it: not a way to bomb someone's inbox, nor to flood staff's).
   */
  contactRequestsPerIp: { bucket: "contact-requests:ip", max: 5, windowMs: HOUR },
  contactRequestsPerEmail: { bucket: "contact-requests:email", max: 3, windowMs: HOUR },
  /**
   * Passkeys: the options to add one, per account (each is a challenge; a person adds a few), and the
   * challenges to sign in or prove with one, per client address (no session needed for a sign-in: the
   * login page asks for one on every visit). A wrong assertion counts as a wrong code (codeFailures*).
   */
  passkeyRegistrationsPerAccount: { bucket: "passkey-registrations:account", max: 20, windowMs: HOUR },
  passkeyChallengesPerIp: { bucket: "passkey-challenges:ip", max: 100, windowMs: 15 * MINUTE },
  /** Messages to sign for a wallet, per customer: each replaces the last, and each allows 5 signatures. */
  walletChallengesPerCustomer: { bucket: "wallet-challenges:customer", max: 30, windowMs: HOUR },
  /** BIP-329 label files imported per customer: each reads up to 10,000 lines; a person imports a few. */
  labelImportsPerCustomer: { bucket: "label-imports:customer", max: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

/** Counters older than two of the longest windows count for no rule and may be deleted. */
export const LONGEST_WINDOW_MS = Math.max(...Object.values(rateLimitRules).map((rule) => rule.windowMs));

export const RATE_LIMITED_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/** Where `now` falls: the fixed window it is in, and how much of the previous one still counts. */
export type WindowPosition = {
  start: Date;
  previousStart: Date;
  /** Milliseconds since `start`. */
  elapsedMs: number;
  /** Milliseconds of the previous window inside (now - windowMs, now]: the previous count's weight. */
  previousWeightMs: number;
};

export function windowPosition(rule: RateLimitRule, now: Date): WindowPosition {
  const elapsedMs = now.getTime() % rule.windowMs;
  const start = now.getTime() - elapsedMs;
  return {
    start: new Date(start),
    previousStart: new Date(start - rule.windowMs),
    elapsedMs,
    previousWeightMs: rule.windowMs - elapsedMs - 1,
  };
}

/** The counts of a key's two windows. */
export type WindowCounts = { previous: number; current: number };

/**
 * Whether one more hit fits: current + previous × weight < max, in integers. The database applies the
 * same test inside its atomic increment (adapters/rate-limit/queries.ts); this is its specification.
 */
export function allowsHit(rule: RateLimitRule, counts: WindowCounts, position: WindowPosition): boolean {
  return (
    counts.current * rule.windowMs + counts.previous * position.previousWeightMs < rule.max * rule.windowMs
  );
}

/**
 * Milliseconds until a refused key may hit again, if nothing else counts meanwhile: later in this window
 * when the previous window's weight fades enough, else at the next window (whose previous count is at most
 * `max`, weighted below 1).
 */
export function retryAfterMs(rule: RateLimitRule, counts: WindowCounts, position: WindowPosition): number {
  const untilNextWindow = rule.windowMs - position.elapsedMs;
  if (counts.previous === 0 || counts.current >= rule.max) return untilNextWindow;
  // Smallest elapsed e with previous × (windowMs - e - 1) < (max - current) × windowMs.
  const slack = ((rule.max - counts.current) * rule.windowMs) / counts.previous;
  const elapsed = Math.floor(rule.windowMs - 1 - slack) + 1;
  return Math.min(untilNextWindow, Math.max(1, elapsed - position.elapsedMs));
}

/** Whole seconds, at least 1: the Retry-After header. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
