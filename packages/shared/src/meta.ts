import { z } from "zod";

export const TAGLINE = "The Future of Bitcoin Banking";
export const DEFAULT_BRAND_NAME = "Satsbank";

/** What the server tells the app about this installation (`GET /api/meta`). */
export const metaResponseSchema = z.object({
  brandName: z.string().min(1),
  /** What reads the Bitcoin network: "sandbox" (a test network, no real money) shows a badge. */
  chain: z.enum(["sandbox", "bitcoind", "esplora"]),
  /** CONFIRMATIONS: how deep a deposit is credited and a withdrawal completed ("1 of 3 confirmations"). */
  confirmations: z.number().int().positive(),
  /**
   * How long a block takes on average, in seconds: 600 on Bitcoin's public networks, the sandbox's own
   * SANDBOX_BLOCK_SECONDS; null when blocks come only on demand (regtest, a sandbox at 0). The app's
   * estimate of a pending transaction's wait ("about 20 min left").
   */
  blockIntervalSeconds: z.number().int().positive().nullable(),
});
export type MetaResponse = z.infer<typeof metaResponseSchema>;

export const healthResponseSchema = z.object({
  /**
   * `ok`; `degraded` (200: the API serves, but the solvency watchdog paused payouts: `reason` says why);
   * `unavailable` (503: no database).
   */
  status: z.enum(["ok", "degraded", "unavailable"]),
  database: z.enum(["up", "down"]),
  reason: z.string().optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
