import { inDbTransaction } from "../../db/db-transaction.js";
import { markChainPosition } from "../transactions/index.js";
import type { ChainContext } from "./context.js";
import { holdDeposit } from "./deposit-holds.js";
import { deleteBlock, findDepositsInBlock, lockDeposit, updateDeposit } from "./queries.js";
import { setUtxoStatus } from "./utxo-queries.js";

/**
 * Undoes the block at `height`: its deposits wait again (a pending one may come back in another block,
 * or leave for good); a credited one is flagged for staff, its coin is not spent until it is back, and
 * what the customer still has of it is held (deposit-holds.ts), in this block's db transaction. One staff
 * resolved already only loses its place.
 */
export async function disconnectBlock(ctx: ChainContext, height: number): Promise<void> {
  await inDbTransaction(ctx.db, async (db) => {
    const at = ctx.clock.now();
    for (const found of await findDepositsInBlock(db, height)) {
      const deposit = (await lockDeposit(db, found)) ?? found;
      const held = deposit.status === "credited" && deposit.resolution === null;
      await updateDeposit(db, deposit, {
        blockHeight: null,
        blockHash: null,
        ...(held ? { reorgedAt: at } : {}),
      });
      if (held) {
        await setUtxoStatus(db, deposit, "missing");
        await holdDeposit(db, deposit, at);
      }
      if (deposit.transactionId) await markChainPosition(db, [deposit.transactionId], null);
    }
    for (const listener of ctx.blockListeners) await listener.disconnected(db, height);
    await deleteBlock(db, height);
  });
}
