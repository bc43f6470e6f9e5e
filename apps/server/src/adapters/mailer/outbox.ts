import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { mailOutbox } from "../../db/schema/index.js";
import type { Clock } from "../clock.js";
import type { Log } from "../log.js";
import type { Mailer } from "./mailer.js";

/**
 * The dev mailbox: messages are kept in the database (so the /dev/mailbox page and the e2e tests read
 * them) and printed to the log. Only when no SMTP server is configured, which production forbids.
 */
export function createOutboxMailer({
  db,
  clock,
  log,
}: {
  db: Db;
  clock: Clock;
  /** Where each message is printed; null prints nothing. */
  log: Log | null;
}): Mailer {
  return {
    kind: "outbox",
    async send({ to, subject, text }) {
      await db.insert(mailOutbox).values({ toAddress: to, subject, body: text, createdAt: clock.now() });
      log?.info({ to, subject, text }, "dev mailbox: a message was sent (read it at /dev/mailbox)");
    },
    async close() {},
  };
}

export type OutboxMessage = { to: string; subject: string; text: string; createdAt: Date };

/** The newest messages first, to one address when `to` is given. */
export async function listOutbox(
  db: Db,
  { to, limit }: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    to: row.toAddress,
    subject: row.subject,
    text: row.body,
    createdAt: row.createdAt,
  }));
}
