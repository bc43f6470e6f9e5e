import type { Mailer } from "../../adapters/mailer/mailer.js";
import type { Db } from "../../db/client.js";
import { notificationEmail } from "./emails.js";
import { claimDueEmails } from "./queries.js";

/** Emails claimed per statement; the sweep goes on until none is due. */
const BATCH = 50;

export type MailNotificationsContext = {
  db: Db;
  mailer: Mailer;
  /** The customer's email address (undefined: no such customer). The auth module's, given by app.ts. */
  emailOf: (userId: string) => Promise<string | undefined>;
  brandName: string;
  publicUrl: string;
};

/**
 * Sends the emails of committed notifications (notify() writes them as due in the event's db
 * transaction): each is claimed as sent, then handed to the mailer, so it goes at most once even with
 * several processes sweeping. A mailer that fails after the claim loses that email (the mailer logs SMTP
 * failures); the notification itself is in the app either way. Answers how many were sent.
 */
export async function mailDueNotifications(ctx: MailNotificationsContext): Promise<number> {
  let sent = 0;
  for (;;) {
    const claimed = await claimDueEmails(ctx.db, BATCH);
    for (const row of claimed) {
      const to = await ctx.emailOf(row.userId);
      if (to === undefined) continue;
      await ctx.mailer.send(
        notificationEmail({
          to,
          brandName: ctx.brandName,
          publicUrl: ctx.publicUrl,
          title: row.title,
          message: row.message,
        }),
      );
      sent += 1;
    }
    if (claimed.length < BATCH) return sent;
  }
}
