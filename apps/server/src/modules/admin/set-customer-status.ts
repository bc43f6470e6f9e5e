import type { AdminCustomer } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { deleteUserChallenges, endUserSessions, lockUser, setUserStatus } from "../auth/index.js";
import { notify } from "../notifications/index.js";
import { customerNotFoundText } from "./get-customer-details.js";
import { findCustomer } from "./queries.js";
import { toAdminCustomer } from "./views.js";

export const customerStatusText = {
  alreadyInactive: "This customer is already inactive.",
  alreadyActive: "This customer is already active.",
} as const;

const notices = {
  inactive: {
    kind: "account_deactivated",
    status: "warning",
    title: "Account deactivated",
    message:
      "Your account has been deactivated: you cannot sign in or send Bitcoin until it is reactivated. Please contact us if you have questions.",
  },
  active: {
    kind: "account_reactivated",
    status: "success",
    title: "Account reactivated",
    message: "Your account is active again: you can sign in and send Bitcoin.",
  },
} as const;

/**
 * Deactivates or reactivates a customer, in one db transaction: the person's row locked (a send in flight
 * finishes first, or sees the change), the status set, and on deactivation every session and sign-in
 * challenge ended at once; the customer notified and the action audited with the staff's reason.
 */
export async function setCustomerStatus({
  ctx,
  staff,
  userId,
  status,
  reason,
}: {
  ctx: { db: Db; clock: Clock };
  staff: StaffActor;
  userId: string;
  status: "active" | "inactive";
  reason: string;
}): Promise<AdminCustomer> {
  const id = userId.toLowerCase();
  if (!isUuid(id)) throw new AppError("NOT_FOUND", customerNotFoundText);
  return inDbTransaction(ctx.db, async (tx) => {
    const user = await lockUser(tx, id);
    if (user === undefined || user.role !== "customer") throw new AppError("NOT_FOUND", customerNotFoundText);
    if (user.status === status) {
      throw new AppError(
        "CONFLICT",
        status === "inactive" ? customerStatusText.alreadyInactive : customerStatusText.alreadyActive,
      );
    }
    const at = ctx.clock.now();
    await setUserStatus(tx, id, status, at);
    let sessionsEnded = 0;
    if (status === "inactive") {
      // Their browsers hear why at their next request (401 with the reason accountInactive).
      sessionsEnded = await endUserSessions(tx, { userId: id, reason: "accountInactive", at });
      await deleteUserChallenges(tx, id);
    }
    await notify(tx, { userId: id, at, ...notices[status] });
    await recordAuditEvent(tx, {
      staff,
      action: status === "inactive" ? "customer.deactivated" : "customer.reactivated",
      target: { type: "customer", id },
      customerId: id,
      reason,
      details: status === "inactive" ? { sessionsEnded } : {},
      at,
    });
    const row = await findCustomer(tx, id);
    if (row === undefined) throw new Error(`customer ${id} vanished`);
    return toAdminCustomer(row);
  });
}
