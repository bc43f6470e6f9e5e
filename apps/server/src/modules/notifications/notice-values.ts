import { type NotificationKind, notificationTypeOfKind } from "@satsbank/shared";
import type { NotificationStatus } from "../../db/schema/index.js";
import { isNotificationEmailed } from "../../domain/notification-rules.js";
import type { Notice } from "./notify.js";

// A notice for a database function that writes its notification itself (wallet_send(): a send in one
// statement), with the rules of notify.ts decided here, so the words and the email rule stay in one place.

/**
 * A notice as a database function writes it: its words and, in `emailed`, whether it is emailed under
 * each of the 8 settings a customer can have: bit (emailNotifications * 4 + transactionAlerts * 2 +
 * securityAlerts) is set when isNotificationEmailed says so.
 */
export type NoticeValues = {
  kind: NotificationKind;
  type: (typeof notificationTypeOfKind)[NotificationKind];
  status: NotificationStatus;
  title: string;
  message: string;
  emailed: number;
};

export function noticeValues(told: Omit<Notice, "userId" | "at">): NoticeValues {
  let emailed = 0;
  for (let bit = 0; bit < 8; bit++) {
    const settings = {
      emailNotifications: (bit & 4) !== 0,
      transactionAlerts: (bit & 2) !== 0,
      securityAlerts: (bit & 1) !== 0,
    };
    if (isNotificationEmailed(told.kind, settings) && told.mailedSeparately !== true) emailed |= 1 << bit;
  }
  return {
    kind: told.kind,
    type: notificationTypeOfKind[told.kind],
    status: told.status,
    title: told.title,
    message: told.message,
    emailed,
  };
}
