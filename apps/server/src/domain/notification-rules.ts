import type { NotificationKind, NotificationSettings } from "@satsbank/shared";
import { notificationTypeOfKind } from "@satsbank/shared";

/** Settings of a customer who never changed them: every switch off (the specification's start). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  transactionAlerts: false,
  securityAlerts: false,
  emailNotifications: false,
};

/**
 * Security notices that protect the account: whoever changed the password, turned two-factor off or signed
 * in from somewhere new may be someone else, and the owner must hear of it whatever the switches say.
 */
export const PROTECTIVE_KINDS: ReadonlySet<NotificationKind> = new Set([
  "suspicious_sign_in",
  "password_changed",
  "two_factor_disabled",
]);

/**
 * Whether a notification of `kind` is made for a customer with these settings: transaction notifications
 * follow Transaction Alerts, security ones Security Alerts except the protective ones (always made);
 * KYC and system notifications (staff messages) are always made.
 */
export function isNotificationMade(kind: NotificationKind, settings: NotificationSettings): boolean {
  const type = notificationTypeOfKind[kind];
  if (type === "transaction") return settings.transactionAlerts;
  if (type === "security") return PROTECTIVE_KINDS.has(kind) || settings.securityAlerts;
  return true;
}
