import { z } from "zod";
import { booleanVariable, optional, type VarsOf } from "./parsers.js";

// The metrics variables of config.ts: whether GET /metrics is served, and to whom. Parsed in the same
// single pass as every other variable.

export const METRICS_TOKEN_MIN_LENGTH = 32;

export const metricsEnvShape = {
  METRICS: optional(booleanVariable),
  METRICS_TOKEN: optional(
    z
      .string()
      // It travels in an Authorization header: visible ASCII, no spaces.
      .regex(/^[\x21-\x7e]+$/, { error: "must be visible ASCII characters without spaces" })
      .min(METRICS_TOKEN_MIN_LENGTH, { error: "must be at least 32 characters long" }),
  ),
};

/** Never echoed back in an error. */
export const metricsSecretVariables = ["METRICS_TOKEN"] as const;

type MetricsVars = VarsOf<typeof metricsEnvShape>;

export type MetricsConfig = {
  /**
   * GET /metrics (Prometheus). Off: not served at all. On with a token: every scraper presents
   * `Authorization: Bearer <token>`. On without one: loopback clients only (never in production).
   */
  metrics: { enabled: boolean; token: string | null };
};

/** The metrics part of the Config; a string is a problem to report (same style as the schema's). */
export function metricsConfig(vars: MetricsVars, production: boolean): MetricsConfig | string {
  const enabled = vars.METRICS ?? false;
  const token = vars.METRICS_TOKEN ?? null;
  // Behind a reverse proxy on the same machine every client looks like loopback unless TRUST_PROXY is
  // right: in production the token is the only rule, so a proxy mistake cannot publish the figures.
  if (production && enabled && token === null) {
    return "METRICS_TOKEN is required in production when METRICS=true: scrapers must present it";
  }
  if (token !== null && !enabled) return "METRICS_TOKEN is set but METRICS is not true: set METRICS=true";
  return { metrics: { enabled, token } };
}
