import { useEffect, useRef } from "react";
import { notify } from "@/lib/notify";
import { useLatestNotifications } from "../api/list-notifications";
import { useNotificationStream } from "../lib/use-notification-stream";

/** While the live stream is down, the newest notifications are asked for this often. */
export const NOTIFICATIONS_POLL_MS = 30_000;

/**
 * New notifications while the app is open: the live stream, polling as its fallback, and a toast for
 * money received. Renders nothing; mounted once around the customer's screens.
 */
export function NotificationFeed() {
  const live = useNotificationStream();
  const { data } = useLatestNotifications({ pollMs: live ? false : NOTIFICATIONS_POLL_MS });
  // The ids seen so far; null until the first answer (what was there before is no news).
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (data === undefined) return;
    if (seen.current === null) {
      seen.current = new Set(data.items.map((n) => n.id));
      return;
    }
    // Oldest first, so the toasts come in the order the money did.
    for (const notification of [...data.items].reverse()) {
      if (seen.current.has(notification.id)) continue;
      seen.current.add(notification.id);
      if (notification.kind === "money_received" && !notification.read)
        notify.success(notification.title, notification.message);
    }
  }, [data]);

  return null;
}
