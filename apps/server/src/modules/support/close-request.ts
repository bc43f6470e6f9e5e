import type { AdminSupportRequest } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { setRequestStatus } from "./queries.js";
import { lockRequestOr404, supportStaffText } from "./reply-to-request.js";
import { toAdminSupportRequests } from "./staff-view.js";

/** Staff close a support request (nothing more to do), audited in the same db transaction. */
export async function closeSupportRequest({
  ctx,
  staff,
  requestId,
}: {
  ctx: { db: Db; clock: Clock };
  staff: StaffActor;
  requestId: string;
}): Promise<AdminSupportRequest> {
  return inDbTransaction(ctx.db, async (tx) => {
    const row = await lockRequestOr404(tx, requestId);
    if (row.request.status === "closed") throw new AppError("CONFLICT", supportStaffText.alreadyClosed);
    const at = ctx.clock.now();
    await setRequestStatus(tx, row.request.id, "closed");
    await recordAuditEvent(tx, {
      staff,
      action: "support.closed",
      target: { type: "support_request", id: row.request.id },
      customerId: row.customer?.id ?? null,
      details: { previousStatus: row.request.status },
      at,
    });
    const [view] = await toAdminSupportRequests(tx, [
      { request: { ...row.request, status: "closed" }, customer: row.customer },
    ]);
    if (view === undefined) throw new Error("a request gave no view");
    return view;
  });
}
