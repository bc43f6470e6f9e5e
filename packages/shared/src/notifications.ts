import { z } from "zod";
import { keysetCursorSchema, keysetPageSchema, pageLimitSchema } from "./lists.js";
import { plainMultilineText, plainText, withLineFeeds } from "./text.js";

/** The specification's notification types: what a notification is about. */
export const notificationTypeSchema = z.enum(["transaction", "kyc", "security", "system"]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The specification's notification statuses: how it went (each has its icon and colour). */
export const notificationStatusSchema = z.enum(["success", "warning", "info", "pending"]);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/**
 * The event a notification tells of. Its type follows from it; the web app decides by it, never by the
 * English text (the money-received toast), and the server decides by it which are always made.
 */
export const notificationKindSchema = z.enum([
  "money_received",
  "money_sent",
  "withdrawal_failed",
  "verification",
  "suspicious_sign_in",
  "password_changed",
  "two_factor_enabled",
  "two_factor_disabled",
  "staff_message",
  "account_deactivated",
  "account_reactivated",
  "support_reply",
  // Custody (issue 19): a withdrawal's hold, review, cancellation and rejection; a deposit the network
  // reversed, held, then released or reversed; the watchdog's alert to staff.
  "withdrawal_held",
  "withdrawal_review",
  "withdrawal_cancelled",
  "withdrawal_rejected",
  "deposit_on_hold",
  "deposit_released",
  "deposit_reversed",
  "solvency_alert",
  // Issue 21: a withdrawal's payout reached its confirmations (the "sent" notice was pending until then).
  "withdrawal_confirmed",
  // Issue 21: a recovery code signed in (the authenticator app was not at hand); new recovery codes made.
  "recovery_code_used",
  "recovery_codes_regenerated",
  // Issue 22: a passkey added, renamed or removed; withdrawal approval by passkey turned on or off; a
  // passkey blocked because its signature counter went backwards.
  "passkey_added",
  "passkey_renamed",
  "passkey_removed",
  "passkey_approval_changed",
  "passkey_flagged",
]);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

/** Each kind's type. */
export const notificationTypeOfKind = {
  money_received: "transaction",
  money_sent: "transaction",
  withdrawal_failed: "transaction",
  verification: "kyc",
  suspicious_sign_in: "security",
  password_changed: "security",
  two_factor_enabled: "security",
  two_factor_disabled: "security",
  staff_message: "system",
  account_deactivated: "system",
  account_reactivated: "system",
  support_reply: "system",
  withdrawal_held: "transaction",
  withdrawal_review: "transaction",
  withdrawal_cancelled: "transaction",
  withdrawal_rejected: "transaction",
  deposit_on_hold: "transaction",
  deposit_released: "transaction",
  deposit_reversed: "transaction",
  solvency_alert: "system",
  withdrawal_confirmed: "transaction",
  recovery_code_used: "security",
  recovery_codes_regenerated: "security",
  passkey_added: "security",
  passkey_renamed: "security",
  passkey_removed: "security",
  passkey_approval_changed: "security",
  passkey_flagged: "security",
} as const satisfies Record<NotificationKind, NotificationType>;

/** One notification as its customer sees it. */
export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  kind: notificationKindSchema,
  status: notificationStatusSchema,
  title: z.string(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** `GET /api/notifications`: a keyset page, newest first. */
export const listNotificationsQuerySchema = z.object({
  cursor: keysetCursorSchema,
  limit: pageLimitSchema(NOTIFICATIONS_PAGE_SIZE),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

export const notificationPageSchema = keysetPageSchema(notificationSchema).extend({
  /** All the customer's unread notifications, not only this page's: the "<n> new" badge. */
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationResponseSchema = z.object({ notification: notificationSchema });
export type NotificationResponse = z.infer<typeof notificationResponseSchema>;

/** `POST /api/notifications/read-all`: how many are unread now (none). */
export const unreadCountSchema = z.object({ unreadCount: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The customer's notification settings (the page's "All Notifications" is on when all three are). All off
 * for a new customer. They govern alerts only (the app's toasts and the emails): every notification is
 * recorded in the customer's list whatever they say, as a bank statement would be.
 */
export const notificationSettingsSchema = z.object({
  /** Alerts of money received, sent, and of a withdrawal confirmed or failed. */
  transactionAlerts: z.boolean(),
  /** Alerts of security changes that are not protective (two-factor turned on). */
  securityAlerts: z.boolean(),
  /** Each notification that alerts is also sent by email. */
  emailNotifications: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export type NotificationSetting = keyof NotificationSettings;

/** `PATCH /api/notifications/settings`: the switches that changed (at least one). */
export const notificationSettingsBodySchema = notificationSettingsSchema
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: "Change at least one setting",
  });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

/**
 * Protective notices: whoever changed the password, turned two-factor off, signed in from somewhere new or
 * with a recovery code, or made new recovery codes may be someone else; a withdrawal to a new address is held, one is rejected, a deposit is held (then
 * released or reversed: who heard of the hold hears how it ended). They alert whatever the switches say.
 */
export const protectiveNotificationKinds: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  "suspicious_sign_in",
  "password_changed",
  "two_factor_disabled",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "passkey_added",
  "passkey_removed",
  "passkey_approval_changed",
  "passkey_flagged",
  "withdrawal_held",
  "withdrawal_rejected",
  "deposit_on_hold",
  "deposit_released",
  "deposit_reversed",
]);

/**
 * Whether a notification of `kind` alerts the customer (a toast in the app; an email too when Email
 * Notifications is on): protective notices always; transaction notifications as Transaction Alerts says,
 * security ones as Security Alerts says; KYC and system notifications always. It never decides whether a
 * notification is recorded: every one is.
 */
export function isNotificationAlerted(kind: NotificationKind, settings: NotificationSettings): boolean {
  if (protectiveNotificationKinds.has(kind)) return true;
  const type = notificationTypeOfKind[kind];
  if (type === "transaction") return settings.transactionAlerts;
  if (type === "security") return settings.securityAlerts;
  return true;
}

/** The switches of Notification Settings, as the page names them. */
export const notificationSettingLabels = {
  all: "All Notifications",
  transactionAlerts: "Transaction Alerts",
  securityAlerts: "Security Alerts",
  emailNotifications: "Email Notifications",
} as const satisfies Record<NotificationSetting | "all", string>;

/**
 * The specification's toast, "<Name> notifications enabled" / "... disabled": the name is the switch's
 * without its last word ("Transaction Alerts" -> "Transaction notifications enabled"), so it never reads
 * "Email Notifications notifications".
 */
export function notificationSettingToast(setting: NotificationSetting | "all", enabled: boolean): string {
  const name = notificationSettingLabels[setting].replace(/ \S+$/, "");
  return `${name} notifications ${enabled ? "enabled" : "disabled"}`;
}

/** The events of `GET /api/notifications/stream` (text/event-stream). */
export const notificationStreamEvents = {
  /** A notification made after the stream opened; its data is a `Notification`. */
  notification: "notification",
} as const;

export const STAFF_MESSAGE_SUBJECT_MAX_LENGTH = 120;
export const STAFF_MESSAGE_BODY_MAX_LENGTH = 4000;

export const staffMessageMessages = {
  subjectRequired: "Subject is required",
  subjectTooLong: `Subject must be at most ${STAFF_MESSAGE_SUBJECT_MAX_LENGTH} characters`,
  bodyRequired: "Message is required",
  bodyTooLong: `Message must be at most ${STAFF_MESSAGE_BODY_MAX_LENGTH} characters`,
} as const;

/**
 * `POST /api/admin/customers/:userId/messages`: a message from staff to one customer, plain text (the
 * subject one line, the body with its lines), shown as a system notification.
 */
export const staffMessageBodySchema = z.object({
  subject: z
    .string()
    .trim()
    .check(plainText)
    .min(1, { error: staffMessageMessages.subjectRequired })
    .max(STAFF_MESSAGE_SUBJECT_MAX_LENGTH, { error: staffMessageMessages.subjectTooLong }),
  body: z
    .string()
    .overwrite(withLineFeeds)
    .trim()
    .check(plainMultilineText)
    .min(1, { error: staffMessageMessages.bodyRequired })
    .max(STAFF_MESSAGE_BODY_MAX_LENGTH, { error: staffMessageMessages.bodyTooLong }),
});
export type StaffMessageBody = z.infer<typeof staffMessageBodySchema>;

/** What staff get back: the message as sent (not the customer's notification: whether it is read). */
export const staffMessageResponseSchema = z.object({
  message: z.object({ id: z.uuid(), userId: z.uuid(), subject: z.string(), createdAt: z.iso.datetime() }),
});
export type StaffMessageResponse = z.infer<typeof staffMessageResponseSchema>;
