import type { Notification, NotificationSettings, NotificationSettingsBody } from "@satsbank/shared";
import type { StubHandler } from "./stub-api";

/** A notification; override what the test is about. */
export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01",
    type: "transaction",
    kind: "money_received",
    status: "success",
    title: "Bitcoin received",
    message: "You received 0.00100000 BTC from alice.",
    createdAt: "2025-04-17T14:05:00.000Z",
    read: false,
    ...overrides,
  };
}

/**
 * The notification endpoints as the server keeps them: the list (one page, with the unread count),
 * opening one, Mark all as read, and the settings (all off at first). `add` makes a new notification, as
 * an event on the server would; `settings()` reads what was saved; `refuseSettings` makes the next change
 * answer the given response. `switches` are the settings at first (all off unless told).
 */
export function notificationServer(
  initial: Notification[] = [],
  switches: Partial<NotificationSettings> = {},
) {
  let items = [...initial];
  let settings: NotificationSettings = {
    transactionAlerts: false,
    securityAlerts: false,
    emailNotifications: false,
    ...switches,
  };
  let refusal: Response | null = null;
  const page = () => ({ items, nextCursor: null, unreadCount: items.filter((n) => !n.read).length });

  const routes: Record<string, StubHandler> = {
    "GET /api/notifications": page,
    "POST /api/notifications/read-all": () => {
      items = items.map((n) => ({ ...n, read: true }));
      return { unreadCount: 0 };
    },
    "GET /api/notifications/settings": () => settings,
    "PATCH /api/notifications/settings": ({ body }) => {
      if (refusal) {
        const answer = refusal;
        refusal = null;
        return answer;
      }
      settings = { ...settings, ...(body as NotificationSettingsBody) };
      return settings;
    },
  };
  for (const n of initial) routes[`POST /api/notifications/${n.id}/read`] = () => read(n.id);

  function read(id: string) {
    items = items.map((n) => (n.id === id ? { ...n, read: true } : n));
    return { notification: items.find((n) => n.id === id) };
  }

  return {
    routes,
    /** A notification made meanwhile (it cannot be opened: stubApi took the routes when it started). */
    add(n: Notification) {
      items = [n, ...items];
    },
    settings: () => settings,
    refuseSettings(response: Response) {
      refusal = response;
    },
  };
}
