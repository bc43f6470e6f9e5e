import { customerStatusBodySchema, supportReplyBodySchema, supportRequestBodySchema } from "@satsbank/shared";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import type { Db } from "../../db/client.js";
import { offlineStaffActor, type StaffActor } from "../../domain/staff.js";
import type { User } from "../../domain/user.js";
import { setCustomerStatus } from "../../modules/admin/index.js";
import { auditEventsOfCustomer } from "../../modules/audit/index.js";
import { findUserByEmail } from "../../modules/auth/index.js";
import {
  closeSupportRequest,
  findRequestBySubject,
  replyToSupportRequest,
  submitSupportRequest,
} from "../../modules/support/index.js";
import { demoStaff } from "./demo-accounts.js";
import { type DemoSupportRequest, demoDeactivation, demoSupportRequests } from "./demo-staff-desk.js";
import { type KeptMailer, keptMailer } from "./kept-mailer.js";
import { at, fixedClock } from "./seed-time.js";

export type StaffDeskInput = {
  db: Db;
  /** When the seed runs: every step is dated from it. */
  now: Date;
  /** BRAND_NAME: in the support emails. */
  brandName: string;
};

const HOUR_MS = 3_600_000;

async function account(db: Db, email: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (user === undefined) throw new Error(`The demo account ${email} is missing`);
  return user;
}

/**
 * The staff account's desk (demo-staff-desk.ts), through the staff use cases, so each step is audited and
 * notified as the dashboard's would be: the support requests (sent, answered, closed) and the inactive
 * customer. Idempotent: a request whose subject the customer has sent already is left as it is, and a
 * customer deactivated once (their status changed since or not) is not deactivated again.
 */
export async function seedStaffDesk(input: StaffDeskInput): Promise<void> {
  const staff = offlineStaffActor(await account(input.db, demoStaff.email));
  // The support emails go to the seed's own mailer: nobody is mailed.
  const mailer = keptMailer();
  try {
    for (const request of demoSupportRequests) await seedSupportRequest(input, { request, staff, mailer });
  } finally {
    await mailer.close();
  }
  await seedDeactivation(input, staff);
}

async function seedSupportRequest(
  input: StaffDeskInput,
  step: { request: DemoSupportRequest; staff: StaffActor; mailer: KeptMailer },
): Promise<void> {
  const { db, brandName } = input;
  const { request, staff, mailer } = step;
  const customer = await account(db, request.email);
  if ((await findRequestBySubject(db, { userId: customer.id, subject: request.subject })) !== undefined)
    return;
  const sent = at(input.now, request.daysAgo, request.time);
  const later = (hours: number) => fixedClock(new Date(sent.getTime() + hours * HOUR_MS));
  const clock = fixedClock(sent);
  // Checked as the routes check what people type.
  const created = await submitSupportRequest({
    ctx: { db, clock, mailer, limiter: createRateLimiter({ db, clock }), brandName },
    customer,
    body: supportRequestBodySchema.parse({ subject: request.subject, message: request.message }),
  });
  if (request.reply !== null) {
    await replyToSupportRequest({
      ctx: { db, clock: later(request.reply.hoursLater), mailer, brandName },
      staff,
      requestId: created.id,
      message: supportReplyBodySchema.parse({ message: request.reply.message }).message,
    });
  }
  if (request.closedHoursLater !== undefined) {
    await closeSupportRequest({
      ctx: { db, clock: later(request.closedHoursLater) },
      staff,
      requestId: created.id,
    });
  }
}

async function seedDeactivation(input: StaffDeskInput, staff: StaffActor): Promise<void> {
  const { db } = input;
  const customer = await account(db, demoDeactivation.email);
  if (customer.status === "inactive" || (await wasDeactivated(db, customer.id))) return;
  await setCustomerStatus({
    ctx: { db, clock: fixedClock(new Date(input.now.getTime() - demoDeactivation.hoursAgo * HOUR_MS)) },
    staff,
    userId: customer.id,
    status: "inactive",
    reason: customerStatusBodySchema.parse({ reason: demoDeactivation.reason }).reason,
  });
}

/** Whether staff ever deactivated the customer (the audit log keeps every deactivation). */
async function wasDeactivated(db: Db, customerId: string): Promise<boolean> {
  const events = await auditEventsOfCustomer(db, customerId, 100);
  return events.some((event) => event.action === "customer.deactivated");
}
