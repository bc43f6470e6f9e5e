import { inDbTransaction } from "../../db/db-transaction.js";
import { markChainPosition } from "../transactions/index.js";
import type { ChainContext } from "./context.js";
import { deleteBlock, findDepositsInBlock, setUtxoStatus, updateDeposit } from "./queries.js";

/**
 * Undoes the block at `height`: its deposits wait again (a pending one may come back in another block,
 * or leave for good); a credited one is flagged for staff and its coin is not spent until it is back.
 */
export async function disconnectBlock(ctx: ChainContext, height: number): Promise<void> {
  await inDbTransaction(ctx.db, async (db) => {
    for (const deposit of await findDepositsInBlock(db, height)) {
      const credited = deposit.status === "credited";
      await updateDeposit(db, deposit, {
        blockHeight: null,
        blockHash: null,
        ...(credited ? { reorgedAt: ctx.clock.now() } : {}),
      });
      if (credited) await setUtxoStatus(db, deposit, "missing");
      if (deposit.transactionId) await markChainPosition(db, [deposit.transactionId], null);
    }
    for (const listener of ctx.blockListeners) await listener.disconnected(db, height);
    await deleteBlock(db, height);
  });
}
