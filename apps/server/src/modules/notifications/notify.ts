import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.js";
import type { NotificationStatus, NotificationType } from "../../db/schema/index.js";
import { insertNotification } from "./queries.js";

export type Notice = {
  userId: string;
  type: NotificationType;
  status: NotificationStatus;
  title: string;
  message: string;
  at: Date;
};

/**
 * Tells the customer something: call it in the db transaction of the event it tells of, so the event and
 * its notification are written together or not at all.
 */
export async function notify(db: Db, notice: Notice): Promise<void> {
  await insertNotification(db, {
    id: randomUUID(),
    userId: notice.userId,
    type: notice.type,
    status: notice.status,
    title: notice.title,
    message: notice.message,
    createdAt: notice.at,
    readAt: null,
  });
}
