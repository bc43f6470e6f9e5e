import type { LoginStatus, SuspicionReason } from "@satsbank/shared";

/** What the account's earlier sign-ins (and the browser) say about this one. */
export type SignInFacts = {
  /** Earlier successful sign-ins (success or suspicious) of the account. */
  successesBefore: number;
  /** Some earlier successful sign-in came from this IP address. */
  ipSeenBefore: boolean;
  /**
   * Some earlier successful sign-in came from the same known place (its looked-up location, or the local
   * network); never true for an "Unknown" one. A new address in a known place is not a new location.
   */
  locationSeenBefore: boolean;
  /** Some earlier successful sign-in came from this device (browser and operating system). */
  deviceSeenBefore: boolean;
  /**
   * The browser's signed device cookie names the account: it signed up or signed in on this very browser,
   * whatever its User-Agent says now (an update, a phone-sized window of a desktop browser).
   */
  knownDevice: boolean;
  /** Failed attempts (password or code) since the last successful sign-in. */
  failuresSinceLastSuccess: number;
};

/** This many failures since the last success make the next success suspicious. */
export const SUSPICIOUS_AFTER_FAILURES = 3;

/**
 * Why a successful sign-in is suspicious, in the order the login history names them; none: a plain
 * success. After a run of failures; from a device the account never signed in from (and not a browser
 * that knows the account by its device cookie); from an address and a place it never signed in from. The
 * account's very first sign-in has nothing to compare with: only failures can flag it.
 */
export function suspicionReasons(facts: SignInFacts): SuspicionReason[] {
  const reasons: SuspicionReason[] = [];
  const firstSignIn = facts.successesBefore === 0;
  if (!firstSignIn && !facts.knownDevice && !facts.deviceSeenBefore) reasons.push("newDevice");
  if (!firstSignIn && !facts.ipSeenBefore && !facts.locationSeenBefore) reasons.push("newLocation");
  if (facts.failuresSinceLastSuccess >= SUSPICIOUS_AFTER_FAILURES) reasons.push("afterFailures");
  return reasons;
}

/** How a successful sign-in is shown in the login history: "suspicious" when it has a reason. */
export function successfulSignInStatus(facts: SignInFacts): Exclude<LoginStatus, "failed"> {
  return suspicionReasons(facts).length > 0 ? "suspicious" : "success";
}
