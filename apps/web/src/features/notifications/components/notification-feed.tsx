import {
  isNotificationAlerted,
  type Notification,
  type NotificationKind,
  type NotificationSettings,
} from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { notify } from "@/lib/notify";
import { useNotificationSettings } from "../api/get-notification-settings";
import { useLatestNotifications } from "../api/list-notifications";
import { refreshAfter } from "../lib/refresh-after";
import { useNotificationStream } from "../lib/use-notification-stream";
import { useRefreshOnReturn } from "../lib/use-refresh-on-return";

/** While the live stream is down, the newest notifications are asked for this often. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * The kinds worth a toast: news from outside this screen (money arriving, a withdrawal's end, a hold, a
 * sign-in elsewhere). What the customer just did here (a send, a password change) has its own toast.
 */
const TOASTED_KINDS: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  "money_received",
  "withdrawal_confirmed",
  "withdrawal_failed",
  "withdrawal_rejected",
  "deposit_on_hold",
  "deposit_released",
  "deposit_reversed",
  "suspicious_sign_in",
]);

/** A toast for a notification that arrived, when its kind is toasted and the customer's switches let it alert. */
function toast(notification: Notification, settings: NotificationSettings) {
  if (notification.read || !TOASTED_KINDS.has(notification.kind)) return;
  if (!isNotificationAlerted(notification.kind, settings)) return;
  if (notification.status === "warning") notify.error(notification.title, notification.message);
  else notify.success(notification.title, notification.message);
}

/**
 * New notifications while the app is open: the live stream, polling as its fallback, a refetch when the
 * tab comes back. Each one that arrives refreshes the queries its kind affects (the balance, history, the
 * transaction's details, KYC status: refresh-after.ts) on every open screen, and toasts as the customer's
 * Notification Settings say (the list records it either way). Renders nothing; mounted once around the
 * customer's screens.
 */
export function NotificationFeed() {
  const queryClient = useQueryClient();
  const live = useNotificationStream();
  useRefreshOnReturn();
  const { data } = useLatestNotifications({ pollMs: live ? false : NOTIFICATIONS_POLL_MS });
  const { data: settings } = useNotificationSettings();
  // The ids seen so far; null until the first answer (what was there before is no news).
  const seen = useRef<Set<string> | null>(null);
  // Arrivals waiting for the settings before their toast (an arrival before they loaded).
  const toToast = useRef<Notification[]>([]);

  useEffect(() => {
    if (data === undefined) return;
    if (seen.current === null) {
      seen.current = new Set(data.items.map((n) => n.id));
      return;
    }
    // Oldest first, so the toasts come in the order the money did.
    const arrived = [...data.items].reverse().filter((n) => !seen.current?.has(n.id));
    for (const notification of arrived) seen.current.add(notification.id);
    if (arrived.length === 0) return;
    void refreshAfter(
      queryClient,
      arrived.map((n) => n.kind),
    );
    toToast.current.push(...arrived);
  }, [data, queryClient]);

  useEffect(() => {
    if (settings === undefined || data === undefined) return;
    for (const notification of toToast.current.splice(0)) toast(notification, settings);
  }, [data, settings]);

  return null;
}
