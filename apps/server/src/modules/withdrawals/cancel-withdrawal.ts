import { sendErrors } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import { notify, withdrawalNotices } from "../notifications/index.js";
import {
  findWalletTransaction,
  markWithdrawalProgress,
  transactionNotFoundText,
  type WalletTransactionRow,
} from "../transactions/index.js";
import { lockWithdrawal, setWithdrawalStatus } from "./policy-queries.js";
import { reverseWithdrawals } from "./reverse-withdrawal.js";

/** What a customer may still cancel: a withdrawal no payout has taken. */
const CANCELLABLE = new Set(["held", "awaiting_approval"]);

/**
 * The customer cancels their withdrawal while it is held or waits for staff, in one db transaction under
 * its row lock (a release, an approval or a payout takes the same lock, so one of them wins): the amount
 * and fee come back, the send is failed (cancelled), they are told. Cancelling it again answers it as it
 * is; one already on its way is a 409; anyone else's is "not found", like one that does not exist.
 */
export async function cancelWithdrawal({
  ctx,
  userId,
  transactionId,
}: {
  ctx: { db: Db; clock: Clock };
  userId: string;
  transactionId: string;
}): Promise<WalletTransactionRow> {
  const id = transactionId.toLowerCase();
  const notFound = () => new AppError("NOT_FOUND", transactionNotFoundText);
  if (!isUuid(id)) throw notFound();
  return inDbTransaction(ctx.db, async (db) => {
    const withdrawal = await lockWithdrawal(db, id);
    if (withdrawal === undefined || withdrawal.userId !== userId) throw notFound();
    if (withdrawal.status !== "cancelled") {
      if (!CANCELLABLE.has(withdrawal.status)) {
        throw new AppError("CONFLICT", sendErrors.notCancellable.text, undefined, "notCancellable");
      }
      const at = ctx.clock.now();
      await reverseWithdrawals(db, [withdrawal], at);
      await setWithdrawalStatus(db, id, { status: "cancelled", finishedAt: at });
      await markWithdrawalProgress(db, [id], { state: "cancelled" });
      await notify(db, {
        userId,
        at,
        ...withdrawalNotices.cancelled({
          amount: withdrawal.amountSats,
          fee: withdrawal.feeSats,
          address: withdrawal.address,
        }),
      });
    }
    const row = await findWalletTransaction(db, { userId, transactionId: id });
    if (row === undefined) throw new Error(`withdrawal ${id} has no transaction`);
    return row;
  });
}
