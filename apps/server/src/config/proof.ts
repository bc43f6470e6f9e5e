import { z } from "zod";
import { optional, type VarsOf } from "./parsers.js";

// The proof-of-reserves variables of config.ts: when the worker builds the daily epoch. Parsed in the
// same single pass as every other variable.

export const proofEnvShape = {
  PROOF_EPOCH_TIME: optional(
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "must be a time of day in UTC as HH:MM, e.g. 00:00" }),
  ),
};

type ProofVars = VarsOf<typeof proofEnvShape>;

export type ProofConfig = {
  /** The daily epoch's time of day, in minutes after 00:00 UTC (PROOF_EPOCH_TIME; default 00:00). */
  proofEpochMinute: number;
};

export function proofConfig(vars: ProofVars): ProofConfig {
  const [hours, minutes] = (vars.PROOF_EPOCH_TIME ?? "00:00").split(":").map(Number);
  return { proofEpochMinute: (hours ?? 0) * 60 + (minutes ?? 0) };
}
