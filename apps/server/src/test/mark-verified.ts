import type { Clock } from "../adapters/clock.js";
import type { Db } from "../db/client.js";
import { inDbTransaction } from "../db/db-transaction.js";
import { changeItems } from "../modules/kyc/change-items.js";
import { lockItems } from "../modules/kyc/queries.js";

/**
 * Records identity and address as verified without a submission, standing for a verification done outside
 * the app (another system's, carried over): the tests' verified customers, who need level 1 to send but
 * no documents. Written as an automated decision with its reason, like any change of an item. An item
 * verified already is left as it is. Tests only: the app verifies a customer through a submission alone.
 */
export async function markVerified({ ctx, userId }: { ctx: { db: Db; clock: Clock }; userId: string }) {
  await inDbTransaction(ctx.db, async (db) => {
    const at = ctx.clock.now();
    const current = await lockItems(db, userId, at);
    const changes = (["identity", "address"] as const)
      .filter((item) => current.get(item)?.status !== "verified")
      .map((item) => ({ item, to: "verified" as const }));
    if (changes.length === 0) return;
    await changeItems(db, {
      userId,
      current,
      changes,
      actor: "automated",
      submissionId: null,
      reason: "Verified outside the app",
      at,
    });
  });
}
