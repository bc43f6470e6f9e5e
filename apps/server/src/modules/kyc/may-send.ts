import type { Db } from "../../db/client.js";
import { maySend } from "../../domain/kyc.js";
import { findKycStatus } from "./queries.js";

/** Whether the customer's verification lets them send (receiving needs none). */
export async function customerMaySend({
  ctx,
  userId,
}: {
  ctx: { db: Db };
  userId: string;
}): Promise<boolean> {
  return maySend(await findKycStatus(ctx.db, userId));
}
