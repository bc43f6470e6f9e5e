import type { LoginHistoryEntry } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { listLoginEvents } from "../auth/index.js";

export const LOGIN_HISTORY_LIMIT = 50;

/** The account's latest sign-in attempts, newest first. */
export async function loginHistory({
  ctx,
  userId,
}: {
  ctx: { db: Db };
  userId: string;
}): Promise<LoginHistoryEntry[]> {
  const events = await listLoginEvents(ctx.db, userId, LOGIN_HISTORY_LIMIT);
  return events.map((event) => ({
    id: event.id,
    timestamp: event.createdAt.toISOString(),
    ipAddress: event.ipAddress,
    device: event.device,
    location: event.location,
    status: event.status,
  }));
}
