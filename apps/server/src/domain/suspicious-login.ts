import type { LoginStatus } from "@satsbank/shared";

/** What the account's earlier sign-ins say about this one. */
export type SignInFacts = {
  /** Earlier successful sign-ins (success or suspicious) of the account. */
  successesBefore: number;
  /** Some earlier successful sign-in came from this IP address. */
  ipSeenBefore: boolean;
  /** Some earlier successful sign-in came from this device (browser and operating system). */
  deviceSeenBefore: boolean;
  /** Failed attempts (password or code) since the last successful sign-in. */
  failuresSinceLastSuccess: number;
};

/** This many failures since the last success make the next success suspicious. */
export const SUSPICIOUS_AFTER_FAILURES = 3;

/**
 * How a successful sign-in is shown in the login history: "suspicious" when it follows a run of
 * failures, or comes from a device or address the account never signed in from before (the account's
 * very first sign-in has nothing to compare with, so it is a plain success).
 */
export function successfulSignInStatus(facts: SignInFacts): Exclude<LoginStatus, "failed"> {
  if (facts.failuresSinceLastSuccess >= SUSPICIOUS_AFTER_FAILURES) return "suspicious";
  if (facts.successesBefore === 0) return "success";
  return facts.ipSeenBefore && facts.deviceSeenBefore ? "success" : "suspicious";
}
