import type { NotificationSettings } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { DEFAULT_NOTIFICATION_SETTINGS } from "../../domain/notification-rules.js";
import { findSettings, type NotificationSettingsRow } from "./queries.js";

export function toSettings(row: NotificationSettingsRow): NotificationSettings {
  return {
    transactionAlerts: row.transactionAlerts,
    securityAlerts: row.securityAlerts,
    emailNotifications: row.emailNotifications,
  };
}

/** The customer's Notification Settings: all off until they change one. */
export async function getSettings(db: Db, userId: string): Promise<NotificationSettings> {
  const row = await findSettings(db, userId);
  return row === undefined ? DEFAULT_NOTIFICATION_SETTINGS : toSettings(row);
}
