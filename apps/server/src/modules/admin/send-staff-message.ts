import type { StaffMessageBody, StaffMessageResponse } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { findUserById } from "../auth/index.js";
import { notify } from "../notifications/index.js";
import { customerNotFoundText } from "./get-customer-details.js";

/**
 * A message from staff to one customer: a system notification (always made), its subject the title and
 * its body the message, both plain text. Emailed too when the customer has Email Notifications on.
 * Audited in the same db transaction.
 */
export async function sendStaffMessage({
  ctx,
  staff,
  userId,
  body,
}: {
  ctx: { db: Db; clock: Clock };
  staff: StaffActor;
  userId: string;
  body: StaffMessageBody;
}): Promise<StaffMessageResponse["message"]> {
  const id = userId.toLowerCase();
  return inDbTransaction(ctx.db, async (tx) => {
    const customer = isUuid(id) ? await findUserById(tx, id) : undefined;
    if (customer === undefined || customer.role !== "customer" || customer.id === staff.userId)
      throw new AppError("NOT_FOUND", customerNotFoundText);
    const at = ctx.clock.now();
    const notificationId = await notify(tx, {
      userId: customer.id,
      kind: "staff_message",
      status: "info",
      title: body.subject,
      message: body.body,
      at,
      sentBy: staff.userId,
    });
    await recordAuditEvent(tx, {
      staff,
      action: "customer.messaged",
      target: { type: "customer", id: customer.id },
      customerId: customer.id,
      details: { notificationId, subject: body.subject },
      at,
    });
    return { id: notificationId, userId: customer.id, subject: body.subject, createdAt: at.toISOString() };
  });
}
