import type { AdminSupportPage, SupportStatusFilter } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { decodeCursor, encodeCursor } from "../../domain/history.js";
import { listRequestsForStaff } from "./queries.js";
import { toAdminSupportRequests } from "./staff-view.js";

export const invalidSupportCursorText = "This page of support requests is no longer available. Reload it.";

/** Staff's support inbox: requests of a status (open ones oldest first), with their replies, keyset pages. */
export async function listSupportRequests({
  ctx,
  query,
}: {
  ctx: { db: Db };
  query: { status: SupportStatusFilter; cursor?: string | undefined; limit: number };
}): Promise<AdminSupportPage> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (after === null && query.cursor !== undefined) {
    throw new AppError("VALIDATION_ERROR", invalidSupportCursorText, { cursor: invalidSupportCursorText });
  }
  const rows = await listRequestsForStaff(ctx.db, {
    status: query.status === "all" ? null : query.status,
    after,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toAdminSupportRequests(ctx.db, page),
    nextCursor: rows.length > query.limit && last !== undefined ? encodeCursor(last.position) : null,
  };
}
