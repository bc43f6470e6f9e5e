// The notifications module: what the customer is told of each event, made in that event's db
// transaction (notify), listed and read, delivered live to open streams and by email (the hub), and the
// customer's Notification Settings. It owns notifications and notification_settings. The email address
// of a customer comes through a port (MailNotificationsContext.emailOf): the auth module's, given by app.ts.
export { type Announcer, announcerOn } from "./announcer.js";
export { getSettings } from "./get-settings.js";
export { listNotifications } from "./list-notifications.js";
export { type MailNotificationsContext, mailDueNotifications } from "./mail-notifications.js";
export { markNotificationRead } from "./mark-notification-read.js";
export { type NoticeValues, noticeValues } from "./notice-values.js";
export { notices } from "./notices.js";
export { MAX_STREAMS_PER_CUSTOMER, type NotificationHub, notificationHub } from "./notification-hub.js";
export { type Notice, notify, notifyEach } from "./notify.js";
export {
  countUnread,
  findSettings,
  listNotificationRows,
  type NotificationRow,
  upsertSettings,
} from "./queries.js";
export { notificationRoutes } from "./routes.js";
export { notificationStreamRoutes } from "./stream-routes.js";
export { updateSettings } from "./update-settings.js";
export { utcText, withdrawalNotices } from "./withdrawal-notices.js";
