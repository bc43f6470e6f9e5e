/**
 * Every TanStack Query key, in one place, so one feature can refresh another's data (a send refreshes
 * history) without importing it. Add a noun here before its first query; keys are arrays, broad first.
 */
export const queryKeys = {
  meta: ["meta"] as const,
  /** The signed-in person: `SessionUser`, or `null` when signed out. Written through lib/session-cache. */
  me: ["auth", "me"] as const,
  account: {
    all: ["account"] as const,
    loginHistory: ["account", "login-history"] as const,
  },
} as const;
