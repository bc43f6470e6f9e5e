import type { Log } from "../../adapters/log.js";
import type { Listen, Listening } from "../../db/listen.js";
import { type MailNotificationsContext, mailDueNotifications } from "./mail-notifications.js";
import { NOTIFICATIONS_CHANNEL } from "./queries.js";

/** One open stream of a customer: told of each notification made for them, closed by the hub. */
export type Subscriber = {
  deliver(notificationId: string): void;
  close(): void;
};

/** Open streams per customer: a new one beyond this closes their oldest (a tab left open elsewhere). */
export const MAX_STREAMS_PER_CUSTOMER = 5;
/** Emails whose announcement was missed (a process that stopped before sending) wait at most this long. */
const SWEEP_EVERY_MS = 60_000;

export type NotificationHub = {
  /** Listens for notifications made (by this process or any other on the database) and sends due emails. */
  start(): Promise<void>;
  /** Adds a stream of the customer's; answers the function that removes it. */
  subscribe(userId: string, subscriber: Subscriber): () => void;
  /** Closes every open stream (the server is closing: they must not hold it open). */
  closeStreams(): void;
  /** Stops listening and sweeping, once the emails being sent are handed to the mailer. */
  stop(): Promise<void>;
};

/**
 * The notifications of this process's customers, as they are made: notify() announces each one with
 * pg_notify in the event's db transaction, so the hub hears it at the commit, from whichever process
 * made it (the worker credits deposits, an API process sends). Each announcement goes to the customer's
 * open streams, and one whose email is due wakes the email sender. Without `listen`, streams hear nothing
 * and emails go out on the sweep.
 */
export function notificationHub({
  listen,
  mail,
  log,
}: {
  listen: Listen | null;
  mail: MailNotificationsContext;
  log: Pick<Log, "error" | "warn">;
}): NotificationHub {
  const streams = new Map<string, Subscriber[]>();
  let listening: Listening | null = null;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | null = null;
  let sweepAgain = false;
  let stopped = false;

  const closeStreams = () => {
    const open = [...streams.values()].flat();
    streams.clear();
    for (const subscriber of open) subscriber.close();
  };

  const sweep = () => {
    if (stopped) return;
    if (sweeping !== null) {
      sweepAgain = true;
      return;
    }
    sweeping = (async () => {
      do {
        sweepAgain = false;
        try {
          await mailDueNotifications(mail);
        } catch (error) {
          log.error({ err: error }, "notification emails could not be sent");
        }
      } while (sweepAgain && !stopped);
    })().finally(() => {
      sweeping = null;
    });
  };

  // "<userId>:<id>[:email]" (queries.ts, announcement).
  const heard = (payload: string) => {
    const [userId, notificationId, email] = payload.split(":");
    if (userId === undefined || notificationId === undefined) return;
    for (const subscriber of streams.get(userId) ?? []) subscriber.deliver(notificationId);
    if (email === "email") sweep();
  };

  return {
    async start() {
      if (listen !== null && listening === null && !stopped) {
        try {
          listening = await listen(NOTIFICATIONS_CHANNEL, heard, () => {
            // Announcements may have been missed: the streams close, and the browsers reconnect and reload.
            log.warn("the notifications listener lost its connection; reconnecting");
            closeStreams();
          });
        } catch (error) {
          // The database is down as the server starts: the server still answers (its health check says
          // so), and the browsers fall back to polling until a restart listens again.
          log.error({ err: error }, "the notifications listener could not start; browsers will poll");
        }
      }
      sweep();
      timer ??= setInterval(sweep, SWEEP_EVERY_MS).unref();
    },
    subscribe(userId, subscriber) {
      const open = streams.get(userId) ?? [];
      open.push(subscriber);
      streams.set(userId, open);
      if (open.length > MAX_STREAMS_PER_CUSTOMER) open.shift()?.close();
      return () => {
        const current = streams.get(userId);
        if (current === undefined) return;
        const rest = current.filter((s) => s !== subscriber);
        if (rest.length === 0) streams.delete(userId);
        else streams.set(userId, rest);
      };
    },
    closeStreams,
    async stop() {
      stopped = true;
      clearInterval(timer);
      closeStreams();
      await sweeping;
      await listening?.close();
      listening = null;
    },
  };
}
