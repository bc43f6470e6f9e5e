import type { Notification } from "@satsbank/shared";
import type { NotificationRow } from "./queries.js";

/** A notification as its customer sees it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    kind: row.kind,
    status: row.status,
    title: row.title,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
