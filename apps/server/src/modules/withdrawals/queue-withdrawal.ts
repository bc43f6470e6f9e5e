import type { Db } from "../../db/client.js";
import type { Sats } from "../../domain/money.js";
import { insertWithdrawal } from "./queries.js";

/**
 * Queues a withdrawal the customer confirmed, in the send's db transaction (after its posting): the
 * worker's next payout picks it up. Its id is the customer's transaction.
 */
export async function queueWithdrawal(
  db: Db,
  entry: { id: string; userId: string; address: string; amountSats: Sats; feeSats: Sats; at: Date },
): Promise<void> {
  await insertWithdrawal(db, {
    id: entry.id,
    userId: entry.userId,
    address: entry.address,
    amountSats: entry.amountSats,
    feeSats: entry.feeSats,
    status: "queued",
    payoutTxid: null,
    payoutVout: null,
    heldUntil: null,
    approvalsNeeded: 0,
    reviewReason: null,
    rejectionReason: null,
    createdAt: entry.at,
    finishedAt: null,
  });
}
