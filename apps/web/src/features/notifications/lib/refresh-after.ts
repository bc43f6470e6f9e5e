import type { NotificationKind } from "@satsbank/shared";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

// What a notification tells of has changed other screens' data: each kind names the queries it affects, in
// this one table, so that every open screen shows the new state (the dashboard's balance and Recent
// Transactions, the Wallet's Recent Activity, History, an open transaction's details, the KYC status). The
// notification queries themselves (the list and the badge) are refreshed for every kind.

/** Money moved: the balance and what may be sent (the wallet summary), a paid deposit address (the
 * receive screen offers the next), and every history list and transaction's details. */
const MONEY: readonly QueryKey[] = [queryKeys.wallet.all, queryKeys.transactions.all];

export const queriesAffectedBy = {
  money_received: MONEY,
  money_sent: MONEY,
  withdrawal_failed: MONEY,
  withdrawal_confirmed: MONEY,
  withdrawal_held: MONEY,
  withdrawal_review: MONEY,
  withdrawal_cancelled: MONEY,
  withdrawal_rejected: MONEY,
  deposit_on_hold: MONEY,
  deposit_released: MONEY,
  deposit_reversed: MONEY,
  // A KYC decision: the status and overview, and the level and daily limit the wallet summary carries.
  verification: [queryKeys.kyc.all, queryKeys.wallet.summary],
  // A sign-in: the login history lists it.
  suspicious_sign_in: [queryKeys.account.loginHistory],
  // The password changed: other sessions ended (this one may be among them: `me` says so).
  password_changed: [queryKeys.me, queryKeys.account.loginHistory],
  two_factor_enabled: [queryKeys.me],
  two_factor_disabled: [queryKeys.me],
  recovery_code_used: [queryKeys.account.all],
  recovery_codes_regenerated: [queryKeys.account.all],
  // Issue 22: Security > Passkeys and the login history (which records passkey changes).
  passkey_added: [queryKeys.account.all],
  passkey_renamed: [queryKeys.account.all],
  passkey_removed: [queryKeys.account.all],
  passkey_approval_changed: [queryKeys.account.all],
  passkey_flagged: [queryKeys.account.all],
  account_deactivated: [queryKeys.me],
  account_reactivated: [queryKeys.me],
  staff_message: [],
  support_reply: [],
  solvency_alert: [queryKeys.admin.books],
} as const satisfies Record<NotificationKind, readonly QueryKey[]>;

/** The notification queries: the Notifications screen's list and the navigation's unread badge. */
const NOTIFICATIONS: readonly QueryKey[] = [queryKeys.notifications.all];

/**
 * What may have changed while nothing was heard (a tab coming back, the stream reconnecting): everything a
 * customer's notification can affect.
 */
export const QUERIES_REFRESHED_ON_RETURN: readonly QueryKey[] = [
  ...NOTIFICATIONS,
  ...MONEY,
  queryKeys.kyc.all,
  queryKeys.account.loginHistory,
];

/** Refreshes every query these kinds affect, each once: the mounted ones refetch now, the rest when used. */
export function refreshAfter(queryClient: QueryClient, kinds: Iterable<NotificationKind>): Promise<void> {
  const keys = new Map<string, QueryKey>();
  for (const kind of kinds) for (const key of queriesAffectedBy[kind]) keys.set(JSON.stringify(key), key);
  return refreshQueries(queryClient, [...keys.values()]);
}

/** Refreshes each of these queries (and those under them). */
export async function refreshQueries(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
