import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { NOTIFICATIONS_CHANNEL } from "./queries.js";

// Announcements of notifications already committed, sent after the commit instead of in it.
//
// A db transaction that issues NOTIFY holds PostgreSQL's notification-queue lock from its pre-commit to the
// end of its commit, WAL flush included, so such transactions commit one after another and cannot share a
// group commit: at a hundred sends at once, a NOTIFY in each cost wallet_send() about a quarter of its rate
// (docs/decisions/0023-announce-after-commit.md). A send announces its notifications here instead: the
// announcements of every send that finished meanwhile go out together, in one statement.

/** Most payloads in one statement (each is a pg_notify call). */
const BATCH = 500;

/** Announces committed notifications (`<userId>:<id>[:email]`, queries.ts `announcement`), soon after. */
export type Announcer = {
  announce(announcements: readonly string[]): void;
  /** Settles once everything announced so far was sent (or its failure reported). */
  idle(): Promise<void>;
};

/**
 * An announcer on `db`: `announce` returns at once; the payloads wait for the next turn of the event loop
 * and go out in one statement with those of every other caller meanwhile (more keep coming: another
 * statement after it). A failure is reported to `onError` and not retried: what is lost is a live update;
 * the emails due are sent by the hub's sweep (within a minute), and a stream that reconnects reloads.
 */
export function announcerOn(db: Db, onError: (error: unknown) => void): Announcer {
  let waiting: string[] = [];
  let sending: Promise<void> | null = null;

  const sendWaiting = async () => {
    // One turn of the event loop, so the sends finishing together share a statement.
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting.slice(0, BATCH);
      waiting = waiting.slice(BATCH);
      const calls = batch.map((payload) => sql`pg_notify(${NOTIFICATIONS_CHANNEL}, ${payload})`);
      try {
        await db.execute(sql`select ${sql.join(calls, sql`, `)}`);
      } catch (error) {
        onError(error);
      }
    }
  };

  const start = () => {
    sending = sendWaiting().finally(() => {
      sending = null;
      // Announced between the last statement and here: they go out now.
      if (waiting.length > 0) start();
    });
  };

  return {
    announce(announcements) {
      if (announcements.length === 0) return;
      waiting.push(...announcements);
      if (sending === null) start();
    },
    async idle() {
      while (sending !== null) await sending;
    },
  };
}
