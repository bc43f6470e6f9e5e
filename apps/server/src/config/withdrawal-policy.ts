import { z } from "zod";
import { type Sats, sats } from "../domain/money.js";
import type { WithdrawalPolicy } from "../domain/withdrawal-policy.js";
import { optional, type VarsOf, wholeNumber } from "./parsers.js";

// The withdrawal policy's variables of config.ts (issue 19): how long a first withdrawal to a new address
// waits, and which withdrawals need staff. Parsed in the same single pass as every other variable.

const satsVariable = optional(
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: "must be a whole number of satoshis above 0" })
    .transform((text) => sats(BigInt(text))),
);

export const withdrawalPolicyEnvShape = {
  NEW_ADDRESS_HOLD_HOURS: optional(
    wholeNumber("must be a whole number of hours from 0 (no hold) to 720", 0, 720),
  ),
  WITHDRAWAL_REVIEW_SATS: satsVariable,
  WITHDRAWAL_DUAL_APPROVAL_SATS: satsVariable,
  WITHDRAWALS_PER_HOUR_REVIEW: optional(wholeNumber("must be a whole number from 1 to 1000", 1, 1000)),
};

export type WithdrawalPolicyConfig = { withdrawalPolicy: WithdrawalPolicy };

/** A production bank holds a first withdrawal to a new address a day; the embedded demo pays at once. */
export const DEFAULT_HOLD_HOURS = 24;
/** 0.1 BTC: above it one member of staff approves. */
export const DEFAULT_REVIEW_SATS: Sats = sats(10_000_000n);
/** 1 BTC: above it two members of staff approve (four eyes). */
export const DEFAULT_DUAL_APPROVAL_SATS: Sats = sats(100_000_000n);
/** More withdrawals than this by one customer within an hour go to review. */
export const DEFAULT_WITHDRAWALS_PER_HOUR = 5;

/**
 * The policy part of the Config; a string is a problem to report. `embedded` (PGlite outside production)
 * holds no withdrawal unless NEW_ADDRESS_HOLD_HOURS says so, so that a demo pays out at once (the start-up
 * banner says it).
 */
export function withdrawalPolicyConfig(
  vars: VarsOf<typeof withdrawalPolicyEnvShape>,
  embedded: boolean,
): WithdrawalPolicyConfig | string {
  const reviewSats = vars.WITHDRAWAL_REVIEW_SATS ?? DEFAULT_REVIEW_SATS;
  const dualApprovalSats = vars.WITHDRAWAL_DUAL_APPROVAL_SATS ?? DEFAULT_DUAL_APPROVAL_SATS;
  if (dualApprovalSats < reviewSats) {
    return `WITHDRAWAL_DUAL_APPROVAL_SATS (${dualApprovalSats}) must be at least WITHDRAWAL_REVIEW_SATS (${reviewSats})`;
  }
  const holdHours = vars.NEW_ADDRESS_HOLD_HOURS ?? (embedded ? 0 : DEFAULT_HOLD_HOURS);
  return {
    withdrawalPolicy: {
      newAddressHoldMs: holdHours * 3_600_000,
      reviewSats,
      dualApprovalSats,
      perHourReview: vars.WITHDRAWALS_PER_HOUR_REVIEW ?? DEFAULT_WITHDRAWALS_PER_HOUR,
    },
  };
}
