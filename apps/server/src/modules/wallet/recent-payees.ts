import { RECENT_PAYEES_LIMIT, type RecentPayees } from "@satsbank/shared";
import { findRecentPayees } from "../transactions/index.js";
import type { WalletContext } from "./context.js";

/**
 * The customers the customer sent to last, newest first, each once: the send form's one-tap recipients.
 * Their name and username as they are now (what the send review would show), never another customer's
 * anything else; a deactivated customer is left out (a send to them is refused).
 */
export async function recentPayees({
  ctx,
  userId,
}: {
  ctx: Pick<WalletContext, "db">;
  userId: string;
}): Promise<RecentPayees> {
  return { payees: await findRecentPayees(ctx.db, userId, RECENT_PAYEES_LIMIT) };
}
