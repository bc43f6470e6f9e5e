import type { AdminSupportRequest } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { findReplies, type StaffRequestRow } from "./queries.js";

/** Requests as staff see them: each with its customer and its replies, oldest first. */
export async function toAdminSupportRequests(
  db: Db,
  rows: readonly Pick<StaffRequestRow, "request" | "customer">[],
): Promise<AdminSupportRequest[]> {
  const replies = await findReplies(
    db,
    rows.map((row) => row.request.id),
  );
  return rows.map(({ request, customer }) => ({
    id: request.id,
    subject: request.subject,
    message: request.message,
    email: request.email,
    status: request.status,
    createdAt: request.createdAt.toISOString(),
    source: request.source,
    name: request.name,
    customer,
    replies: replies
      .filter(({ reply }) => reply.requestId === request.id)
      .map(({ reply, staffName }) => ({
        id: reply.id,
        message: reply.message,
        staff: { id: reply.staffUserId, name: staffName },
        createdAt: reply.createdAt.toISOString(),
      })),
  }));
}
