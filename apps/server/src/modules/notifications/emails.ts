import type { MailMessage } from "../../adapters/mailer/mailer.js";

/** The web app's pages these emails link to. */
const NOTIFICATIONS_PATH = "/notifications";
const SETTINGS_PATH = "/profile/notifications";

/**
 * One notification by email (Email Notifications on): its title and message as the app shows them, and
 * where to turn these emails off. Plain text; a staff message's lines are kept.
 */
export function notificationEmail({
  to,
  brandName,
  publicUrl,
  title,
  message,
}: {
  to: string;
  brandName: string;
  publicUrl: string;
  title: string;
  message: string;
}): MailMessage {
  return {
    to,
    subject: `${brandName}: ${title}`,
    text: [
      message,
      "",
      `See your notifications: ${publicUrl}${NOTIFICATIONS_PATH}`,
      "",
      "You receive this email because Email Notifications is on. Turn it off in Notification Settings:",
      `${publicUrl}${SETTINGS_PATH}`,
    ].join("\n"),
  };
}
