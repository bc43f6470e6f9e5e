import { staffMessageBodySchema } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import { noGeoLookup } from "../../adapters/geoip/geoip.js";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { describeDevice } from "../../domain/device.js";
import type { HistoryPosition } from "../../domain/history.js";
import { describeLocation } from "../../domain/location.js";
import { offlineStaffActor } from "../../domain/staff.js";
import type { User } from "../../domain/user.js";
import { sendStaffMessage } from "../../modules/admin/index.js";
import {
  type AuthKeys,
  findUserByEmail,
  signInFacts,
  startSignIn,
  verifySignIn,
} from "../../modules/auth/index.js";
import {
  findSettings,
  listNotificationRows,
  markNotificationRead,
  type NotificationRow,
  updateSettings,
} from "../../modules/notifications/index.js";
import { DEMO_PASSWORD, demoStaff } from "./demo-accounts.js";
import { demoOpeningTime } from "./demo-money.js";
import {
  CODE_TYPED_AFTER_MS,
  DEMO_EMAIL,
  DEMO_READ_AFTER_DAYS,
  type DemoSignIn,
  demoCustomerSignIns,
  demoNotificationSettings,
  demoStaffMessages,
} from "./demo-notifications.js";
import { keptMailer } from "./kept-mailer.js";
import { at, fixedClock } from "./seed-time.js";

export type DemoNotificationsInput = {
  db: Db;
  /** When the seed runs: every step is dated from it. */
  now: Date;
  /** The app's auth keys (deriveAuthKeys(APP_SECRET)): the sign-in codes are MACed with them. */
  authKeys: AuthKeys;
  /** BRAND_NAME: in the sign-in code's email and the staff messages. */
  brandName: string;
  log: (line: string) => void;
};

const DAY_MS = 86_400_000;
/** The demo opens what it reads this long into a session. */
const READ_INTO_SESSION_MS = 3 * 60_000;

async function demoCustomer(db: Db): Promise<User> {
  const demo = await findUserByEmail(db, DEMO_EMAIL);
  if (demo === undefined) throw new Error(`The demo customer ${DEMO_EMAIL} is missing`);
  return demo;
}

/**
 * The demo customer's Notification Settings, saved at the opening as a customer who chose them, before
 * their money moves: the seeded deposits, sends and withdrawal then tell them of it. Settings already
 * saved (an earlier run, or the demo's own choice since) are left as they are.
 */
export async function seedNotificationSettings(input: Pick<DemoNotificationsInput, "db" | "now">) {
  const { db } = input;
  const demo = await demoCustomer(db);
  if ((await findSettings(db, demo.id)) !== undefined) return;
  await updateSettings({
    ctx: { db, clock: fixedClock(at(input.now, demoOpeningTime.daysAgo, demoOpeningTime.time)) },
    userId: demo.id,
    body: demoNotificationSettings,
  });
}

/**
 * After the money: the demo customer's sign-ins (the second one suspicious, and told), the staff
 * messages, then what is older than a week read. Idempotent: a sign-in whose address is in the login
 * history already, and a message whose subject the demo has already been sent, are not made again.
 */
export async function seedDemoNotifications(input: DemoNotificationsInput): Promise<void> {
  const demo = await demoCustomer(input.db);
  await seedSignIns(input, demo);
  await seedStaffMessages(input, demo);
  await seedReads(input, demo);
}

const signInTime = (now: Date, signIn: DemoSignIn) => at(now, signIn.daysAgo, signIn.time);

async function seedSignIns(input: DemoNotificationsInput, demo: User): Promise<void> {
  const { db } = input;
  const todo: DemoSignIn[] = [];
  for (const signIn of demoCustomerSignIns) {
    const deviceKey = describeDevice(signIn.userAgent).key;
    const location = describeLocation(signIn.ip, noGeoLookup);
    const facts = await signInFacts(db, { userId: demo.id, ipAddress: signIn.ip, location, deviceKey });
    if (!facts.ipSeenBefore) todo.push(signIn);
  }
  if (todo.length === 0) return;
  if (demo.twoFactorEnabled) {
    input.log(`Demo sign-ins not seeded: ${demo.email} signs in with an authenticator app now.`);
    return;
  }
  // The demo's sign-in codes come to this mailer, and the seed reads them from it: it never mails anyone.
  const mailer = keptMailer();
  const ctxAt = (when: Date) => {
    const clock: Clock = fixedClock(when);
    return {
      db,
      clock,
      limiter: createRateLimiter({ db, clock }),
      mailer,
      authKeys: input.authKeys,
      // Documentation addresses are in no location database: the login history says "Unknown" either way.
      geo: noGeoLookup,
      brandName: input.brandName,
    };
  };
  try {
    for (const signIn of todo) {
      const started = signInTime(input.now, signIn);
      const client = { ip: signIn.ip, userAgent: signIn.userAgent };
      let challengeId: string;
      try {
        ({ challengeId } = await startSignIn({
          ctx: ctxAt(started),
          email: demo.email,
          password: DEMO_PASSWORD,
          remember: false,
          client,
          device: null,
        }));
      } catch (error) {
        if (!(error instanceof AppError && error.code === "UNAUTHENTICATED")) throw error;
        input.log(`Demo sign-ins not seeded: ${demo.email} has another password than ${DEMO_PASSWORD} now.`);
        return;
      }
      await verifySignIn({
        ctx: ctxAt(new Date(started.getTime() + CODE_TYPED_AFTER_MS)),
        challengeId,
        code: mailer.lastCodeTo(demo.email),
        client,
        device: null,
        previousSessionToken: undefined,
      });
    }
  } finally {
    await mailer.close();
  }
}

async function seedStaffMessages(input: DemoNotificationsInput, demo: User): Promise<void> {
  const { db } = input;
  const staff = await findUserByEmail(db, demoStaff.email);
  if (staff === undefined) throw new Error(`The demo staff account ${demoStaff.email} is missing`);
  const sent = new Set(
    (await notificationsOf(db, demo.id))
      .filter((row) => row.kind === "staff_message")
      .map((row) => row.title),
  );
  for (const message of demoStaffMessages) {
    const subject = message.subject.replaceAll("{brand}", input.brandName);
    if (sent.has(subject)) continue;
    const when = at(input.now, message.daysAgo, message.time);
    await sendStaffMessage({
      ctx: { db, clock: fixedClock(when) },
      staff: offlineStaffActor(staff),
      userId: demo.id,
      // Checked as the admin route checks what staff type.
      body: staffMessageBodySchema.parse({
        subject,
        body: message.body({ brand: input.brandName, sent: when }),
      }),
    });
  }
}

/**
 * What is older than a week has been opened: each notification in the first of the demo's sessions that
 * began after it (a few minutes in), so the reads fall in sign-ins the login history shows (the last is
 * within the week: there is always one). Marking is idempotent (a read notification keeps its first
 * time); a later run reads what has since grown older than a week.
 */
async function seedReads(input: DemoNotificationsInput, demo: User): Promise<void> {
  const readBefore = input.now.getTime() - DEMO_READ_AFTER_DAYS * DAY_MS;
  const sessions = demoCustomerSignIns
    .map((signIn) => signInTime(input.now, signIn).getTime() + CODE_TYPED_AFTER_MS)
    .sort((a, b) => a - b);
  for (const row of await notificationsOf(input.db, demo.id)) {
    const made = row.createdAt.getTime();
    if (row.readAt !== null || made >= readBefore) continue;
    const session = sessions.find((start) => start > made) ?? readBefore;
    await markNotificationRead({
      ctx: { db: input.db, clock: fixedClock(new Date(session + READ_INTO_SESSION_MS)) },
      userId: demo.id,
      notificationId: row.id,
    });
  }
}

/** Every notification of the customer, newest first. */
async function notificationsOf(db: Db, userId: string): Promise<NotificationRow[]> {
  const found: NotificationRow[] = [];
  const page: { userId: string; after: HistoryPosition | null; limit: number } = {
    userId,
    after: null,
    limit: 500,
  };
  for (;;) {
    const rows = await listNotificationRows(db, page);
    for (const { row } of rows) found.push(row);
    const last = rows.at(-1);
    if (rows.length < page.limit || last === undefined) return found;
    page.after = last.position;
  }
}
