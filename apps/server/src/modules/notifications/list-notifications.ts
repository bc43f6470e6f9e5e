import type { Notification, NotificationPage } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { cursorAt, keysetPage, positionAfter } from "../../domain/history.js";
import { toNotification } from "./notification-view.js";
import { countUnread, findNotifications, listNotificationRows } from "./queries.js";

export const invalidNotificationCursorText =
  "This page of your notifications is no longer available. Reload your notifications.";

/**
 * One page of the customer's notifications, newest first (the history's keyset cursor), with the count of
 * all their unread ones; `nextCursor` asks for the page after it.
 */
export async function listNotifications({
  ctx,
  userId,
  cursor,
  limit,
}: {
  ctx: { db: Db };
  userId: string;
  cursor?: string | undefined;
  limit: number;
}): Promise<NotificationPage> {
  const after = positionAfter(cursor, invalidNotificationCursorText);
  // One more row than asked says whether there is a next page.
  const rows = await listNotificationRows(ctx.db, { userId, after, limit: limit + 1 });
  const { page, nextCursor } = keysetPage(rows, limit, cursorAt);
  return {
    items: page.map(({ row }) => toNotification(row)),
    nextCursor,
    unreadCount: await countUnread(ctx.db, userId),
  };
}

/** One of the customer's notifications as they see it (undefined: none of theirs has that id). */
export async function findNotification(
  db: Db,
  { userId, notificationId }: { userId: string; notificationId: string },
): Promise<Notification | undefined> {
  const [row] = await findNotifications(db, { userId, ids: [notificationId] });
  return row === undefined ? undefined : toNotification(row);
}
