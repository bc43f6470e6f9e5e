import type { NotificationSettings, NotificationSettingsBody } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { toSettings } from "./get-settings.js";
import { upsertSettings } from "./queries.js";

/**
 * Changes the switches given and answers all of them, in one statement (two tabs changing different
 * switches keep both changes). "All Notifications" is no setting of its own: the page sends the three.
 */
export async function updateSettings({
  ctx,
  userId,
  body,
}: {
  ctx: { db: Db; clock: Clock };
  userId: string;
  body: NotificationSettingsBody;
}): Promise<NotificationSettings> {
  const changes: NotificationSettingsBody = {};
  if (body.transactionAlerts !== undefined) changes.transactionAlerts = body.transactionAlerts;
  if (body.securityAlerts !== undefined) changes.securityAlerts = body.securityAlerts;
  if (body.emailNotifications !== undefined) changes.emailNotifications = body.emailNotifications;
  return toSettings(await upsertSettings(ctx.db, { userId, changes, at: ctx.clock.now() }));
}
