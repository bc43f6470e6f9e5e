import { z } from "zod";
import type { KycReviewMode } from "../db/schema/index.js";
import type { SendLimits } from "../domain/kyc.js";
import { type Sats, sats } from "../domain/money.js";
import { oneOf, optional, type VarsOf } from "./parsers.js";

// The identity-check variables of config.ts: who reviews submissions, and what each verification level may
// send in 24 hours. Parsed in the same single pass as every other variable.

export const kycReviewModes = ["auto", "manual"] as const satisfies readonly KycReviewMode[];

const satsVariable = optional(
  z
    .string()
    .regex(/^\d{1,16}$/, { error: "must be a whole number of satoshis" })
    .transform((text) => BigInt(text))
    .refine((value) => value <= 2_100_000_000_000_000n, { error: "must be at most 21 million BTC" }),
);

export const kycEnvShape = {
  KYC_REVIEW: optional(z.enum(kycReviewModes, { error: oneOf(kycReviewModes) })),
  SEND_LIMIT_LEVEL_1_SAT: satsVariable,
  SEND_LIMIT_LEVEL_2_SAT: satsVariable,
};

type KycVars = VarsOf<typeof kycEnvShape>;

export type KycConfig = {
  /** `auto`: automated checks decide within seconds; `manual`: staff decide. */
  kycReview: KycReviewMode;
  sendLimits: SendLimits;
};

/** 0.1 BTC a day once identity and address are verified; 2 BTC with the enhanced verification. */
export const DEFAULT_SEND_LIMITS = { level1: 10_000_000n, level2: 200_000_000n } as const;

/** The KYC part of the Config; a string is a problem to report. Production reviews by hand unless told. */
export function kycConfig(vars: KycVars, production: boolean): KycConfig | string {
  const level1: Sats = sats(vars.SEND_LIMIT_LEVEL_1_SAT ?? DEFAULT_SEND_LIMITS.level1);
  const level2: Sats = sats(vars.SEND_LIMIT_LEVEL_2_SAT ?? DEFAULT_SEND_LIMITS.level2);
  if (level2 < level1) {
    return "SEND_LIMIT_LEVEL_2_SAT must be at least SEND_LIMIT_LEVEL_1_SAT: the enhanced level sends more";
  }
  return { kycReview: vars.KYC_REVIEW ?? (production ? "manual" : "auto"), sendLimits: { level1, level2 } };
}
