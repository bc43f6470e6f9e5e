import type { AdminSupportPage, SupportStatusFilter } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { cursorAt, keysetPage, positionAfter } from "../../domain/history.js";
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
  const after = positionAfter(query.cursor, invalidSupportCursorText);
  const rows = await listRequestsForStaff(ctx.db, {
    status: query.status === "all" ? null : query.status,
    after,
    limit: query.limit + 1,
  });
  const { page, nextCursor } = keysetPage(rows, query.limit, cursorAt);
  return { items: await toAdminSupportRequests(ctx.db, page), nextCursor };
}
