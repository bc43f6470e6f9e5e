import type { LoginHistoryEntry } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { listLoginEvents } from "../auth/index.js";

export const LOGIN_HISTORY_LIMIT = 50;

/** The account's latest sign-in attempts and passkey changes, newest first. */
export async function loginHistory({
  ctx,
  userId,
  limit = LOGIN_HISTORY_LIMIT,
}: {
  ctx: { db: Db };
  userId: string;
  limit?: number;
}): Promise<LoginHistoryEntry[]> {
  const events = await listLoginEvents(ctx.db, userId, limit);
  return events.map((event) => ({
    id: event.id,
    timestamp: event.createdAt.toISOString(),
    ipAddress: event.ipAddress,
    device: event.device,
    location: event.location,
    status: event.status,
    reasons: event.reasons,
    kind: event.kind,
    method: event.method,
    passkeyName: event.passkeyName,
  }));
}
