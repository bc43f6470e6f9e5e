import type { Notification } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import { toNotification } from "./notification-view.js";
import { markRead } from "./queries.js";

export const notificationNotFoundText = "This notification was not found.";

/** Opening a notification marks it read; another customer's (or no) notification is a 404. */
export async function markNotificationRead({
  ctx,
  userId,
  notificationId,
}: {
  ctx: { db: Db; clock: Clock };
  userId: string;
  notificationId: string;
}): Promise<Notification> {
  const id = notificationId.toLowerCase();
  const row = isUuid(id) ? await markRead(ctx.db, { userId, id, at: ctx.clock.now() }) : undefined;
  if (row === undefined) throw new AppError("NOT_FOUND", notificationNotFoundText);
  return toNotification(row);
}
