import { randomUUID } from "node:crypto";
import { type NotificationKind, notificationTypeOfKind } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import type { NotificationStatus } from "../../db/schema/index.js";
import { DEFAULT_NOTIFICATION_SETTINGS, isNotificationEmailed } from "../../domain/notification-rules.js";
import { toSettings } from "./get-settings.js";
import { findSettingsOf, insertNotifications, type NotificationRow } from "./queries.js";

export type Notice = {
  userId: string;
  kind: NotificationKind;
  status: NotificationStatus;
  title: string;
  message: string;
  at: Date;
  /** The staff member who wrote it (a staff message). */
  sentBy?: string;
  /**
   * The event mails the customer itself, whatever Email Notifications says (a reply to their support
   * request): no notification email on top of it.
   */
  mailedSeparately?: boolean;
};

/**
 * Tells the customer something: call it in the db transaction of the event it tells of, so the event and
 * its notification are written together or not at all. Every notice is recorded in the customer's list,
 * whatever their settings say (the list is their statement); the settings decide whether it is also
 * emailed (domain/notification-rules.ts): the email is written as due on the notification, in this db
 * transaction, and sent once it commits (mail-notifications.ts), so an event that rolls back sends
 * nothing. The app decides its toasts by the same settings. Answers the notification's id.
 */
export async function notify(db: Db, notice: Notice): Promise<string> {
  const [id] = await notifyEach(db, [notice]);
  if (id === undefined) throw new Error("A notice made no notification");
  return id;
}

/**
 * `notify` for the notices of one event (a send tells both sides): their customers' settings read in one
 * query, the notifications written and announced together. Answers each notice's id.
 */
export async function notifyEach(db: Db, notices: readonly Notice[]): Promise<string[]> {
  const settingsOf = await findSettingsOf(db, [...new Set(notices.map((notice) => notice.userId))]);
  const rows: NotificationRow[] = [];
  const ids = notices.map((notice) => {
    const row = settingsOf.get(notice.userId);
    const settings = row === undefined ? DEFAULT_NOTIFICATION_SETTINGS : toSettings(row);
    const id = randomUUID();
    rows.push({
      id,
      userId: notice.userId,
      type: notificationTypeOfKind[notice.kind],
      kind: notice.kind,
      status: notice.status,
      title: notice.title,
      message: notice.message,
      createdAt: notice.at,
      readAt: null,
      sentBy: notice.sentBy ?? null,
      email: isNotificationEmailed(notice.kind, settings) && notice.mailedSeparately !== true ? "due" : null,
    });
    return id;
  });
  await insertNotifications(db, rows);
  return ids;
}
