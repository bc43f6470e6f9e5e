import type { NotificationKind, NotificationSettings } from "@satsbank/shared";
import { isNotificationAlerted, protectiveNotificationKinds } from "@satsbank/shared";

/** Settings of a customer who never changed them: every switch off (the specification's start). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  transactionAlerts: false,
  securityAlerts: false,
  emailNotifications: false,
};

/**
 * Notices that protect the account (a sign-in from somewhere new, a password changed, two-factor off, money
 * held or taken back): they alert whatever the switches say. Defined with the contract, where the web app
 * reads it to decide its toasts.
 */
export const PROTECTIVE_KINDS: ReadonlySet<NotificationKind> = protectiveNotificationKinds;

/**
 * Notices that are emailed whatever Email Notifications says: money held or taken back (the customer may
 * act on it), the watchdog's alert to staff, and a passkey blocked because a copy of it may exist.
 */
export const ALWAYS_EMAILED_KINDS: ReadonlySet<NotificationKind> = new Set([
  "withdrawal_held",
  "withdrawal_rejected",
  "deposit_on_hold",
  "deposit_reversed",
  "solvency_alert",
  "passkey_flagged",
]);

/**
 * Whether a notification of `kind` is emailed, for a customer with these settings: always for money held or
 * taken back, the watchdog's alert and a blocked passkey; otherwise when Email Notifications is on and the notification alerts
 * (its switch is on, or it is protective, KYC or system: `isNotificationAlerted`). Every notification is
 * recorded in the customer's list whatever the switches say (issue 21: the list is their statement); the
 * switches govern the alerts, the app's toasts and these emails.
 */
export function isNotificationEmailed(kind: NotificationKind, settings: NotificationSettings): boolean {
  if (ALWAYS_EMAILED_KINDS.has(kind)) return true;
  return settings.emailNotifications && isNotificationAlerted(kind, settings);
}
