import type { AdminSupportRequest } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Mailer } from "../../adapters/mailer/mailer.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { notify } from "../notifications/index.js";
import { supportReplyEmail } from "./emails.js";
import { insertReply, lockRequest, type StaffRequestRow, setRequestStatus } from "./queries.js";
import { toAdminSupportRequests } from "./staff-view.js";

export const supportStaffText = {
  notFound: "This support request was not found.",
  closed: "This support request is closed.",
  alreadyClosed: "This support request is already closed.",
} as const;

/** The request of `requestId`, locked, or 404. */
export async function lockRequestOr404(
  db: Db,
  requestId: string,
): Promise<Omit<StaffRequestRow, "position">> {
  const id = requestId.toLowerCase();
  const row = isUuid(id) ? await lockRequest(db, id) : undefined;
  if (row === undefined) throw new AppError("NOT_FOUND", supportStaffText.notFound);
  return row;
}

/**
 * Staff answer a support request: in one db transaction the reply is stored, the request marked answered,
 * the customer notified (a system notification, always made; not for a public contact form's request) and
 * the reply audited; once committed, the
 * reply is mailed to the request's address (whatever Email Notifications says: they asked). A closed
 * request takes no reply (409).
 */
export async function replyToSupportRequest({
  ctx,
  staff,
  requestId,
  message,
}: {
  ctx: { db: Db; clock: Clock; mailer: Mailer; brandName: string };
  staff: StaffActor;
  requestId: string;
  message: string;
}): Promise<AdminSupportRequest> {
  const { answered, mail } = await inDbTransaction(ctx.db, async (tx) => {
    const row = await lockRequestOr404(tx, requestId);
    if (row.request.status === "closed") throw new AppError("CONFLICT", supportStaffText.closed);
    const at = ctx.clock.now();
    const reply = await insertReply(tx, {
      requestId: row.request.id,
      staffUserId: staff.userId,
      message,
      createdAt: at,
    });
    await setRequestStatus(tx, row.request.id, "answered");
    // A public contact form's writer may not be the account's owner: they read the reply by email only.
    const signedInCustomer = row.request.source === "account" ? row.customer : null;
    if (signedInCustomer !== null) {
      await notify(tx, {
        userId: signedInCustomer.id,
        kind: "support_reply",
        status: "info",
        title: "Reply to your support request",
        message,
        at,
        mailedSeparately: true,
      });
    }
    await recordAuditEvent(tx, {
      staff,
      action: "support.replied",
      target: { type: "support_request", id: row.request.id },
      customerId: row.customer?.id ?? null,
      details: { replyId: reply.id, previousStatus: row.request.status },
      at,
    });
    const [view] = await toAdminSupportRequests(tx, [
      { request: { ...row.request, status: "answered" }, customer: row.customer },
    ]);
    if (view === undefined) throw new Error("a request gave no view");
    return {
      answered: view,
      mail: supportReplyEmail({
        to: row.request.email,
        brandName: ctx.brandName,
        reference: row.request.id,
        reply: message,
        inNotifications: signedInCustomer !== null,
      }),
    };
  });
  await ctx.mailer.send(mail);
  return answered;
}
