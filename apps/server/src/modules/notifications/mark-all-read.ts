import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { markAllRead } from "./queries.js";

/** "Mark all as read": every unread notification of the customer. Answers the unread count: 0. */
export async function markAllNotificationsRead({
  ctx,
  userId,
}: {
  ctx: { db: Db; clock: Clock };
  userId: string;
}): Promise<{ unreadCount: number }> {
  await markAllRead(ctx.db, { userId, at: ctx.clock.now() });
  return { unreadCount: 0 };
}
