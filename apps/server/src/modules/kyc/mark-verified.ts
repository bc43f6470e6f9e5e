import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { saveKycStatus } from "./queries.js";

/**
 * Records that the customer's identity and address are verified. Today the seed calls it (its customers
 * are verified); the KYC issue calls it when a review approves the documents.
 */
export async function markVerified({ ctx, userId }: { ctx: { db: Db; clock: Clock }; userId: string }) {
  await saveKycStatus(ctx.db, {
    userId,
    identity: "verified",
    address: "verified",
    updatedAt: ctx.clock.now(),
  });
}
