import type { NotificationKind, NotificationSettings } from "@satsbank/shared";
import { notificationTypeOfKind } from "@satsbank/shared";

/** Settings of a customer who never changed them: every switch off (the specification's start). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  transactionAlerts: false,
  securityAlerts: false,
  emailNotifications: false,
};

/**
 * Notices that protect the account: whoever changed the password, turned two-factor off or signed in from
 * somewhere new may be someone else; a withdrawal to a new address is held, one is rejected, a deposit is
 * held (then released or reversed: who heard of the hold hears how it ended). The owner must hear of it
 * whatever the switches say.
 */
export const PROTECTIVE_KINDS: ReadonlySet<NotificationKind> = new Set([
  "suspicious_sign_in",
  "password_changed",
  "two_factor_disabled",
  "withdrawal_held",
  "withdrawal_rejected",
  "deposit_on_hold",
  "deposit_released",
  "deposit_reversed",
]);

/**
 * Notices that are emailed whatever Email Notifications says: money held or taken back (the customer may
 * act on it), and the watchdog's alert to staff.
 */
export const ALWAYS_EMAILED_KINDS: ReadonlySet<NotificationKind> = new Set([
  "withdrawal_held",
  "withdrawal_rejected",
  "deposit_on_hold",
  "deposit_reversed",
  "solvency_alert",
]);

/**
 * Whether a notification of `kind` is made for a customer with these settings: protective notices always;
 * transaction notifications follow Transaction Alerts, security ones Security Alerts; KYC and system
 * notifications (staff messages) are always made.
 */
export function isNotificationMade(kind: NotificationKind, settings: NotificationSettings): boolean {
  const type = notificationTypeOfKind[kind];
  if (PROTECTIVE_KINDS.has(kind)) return true;
  if (type === "transaction") return settings.transactionAlerts;
  if (type === "security") return settings.securityAlerts;
  return true;
}

/** Whether a notification made of `kind` is also emailed, for a customer with these settings. */
export function isNotificationEmailed(kind: NotificationKind, settings: NotificationSettings): boolean {
  return ALWAYS_EMAILED_KINDS.has(kind) || settings.emailNotifications;
}
