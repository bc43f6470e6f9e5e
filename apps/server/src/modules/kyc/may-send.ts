import type { Db } from "../../db/client.js";
import { maySend } from "../../domain/kyc.js";
import { findItemStates } from "./queries.js";

/** Whether the customer's verification lets them send (level 1: identity and address verified). */
export async function customerMaySend({
  ctx,
  userId,
}: {
  ctx: { db: Db };
  userId: string;
}): Promise<boolean> {
  return maySend(await findItemStates(ctx.db, userId));
}
