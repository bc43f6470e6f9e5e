import type { Transaction } from "@satsbank/shared";
import type { Clock } from "../adapters/clock.js";
import type { Db } from "../db/client.js";
import { inDbTransaction } from "../db/db-transaction.js";
import type { Sats } from "../domain/money.js";
import { bankAccountId, openCustomerAccounts } from "../ledger/accounts.js";
import { postTransfers } from "../ledger/post-transfers.js";
import {
  findWalletTransactionByTransfer,
  recordOpeningBalance,
  toTransaction,
} from "../modules/transactions/index.js";

export const OPENING_BALANCE_NOTE = "Opening balance";

/**
 * Tests only: gives a customer an opening balance out of the bank's opening-balance equity, with its line
 * in their history, in one transaction. It stands for a migration from another system (balances carried
 * over, with no coins of this bank's behind them), so the hot wallet's coins do not cover it: tests that
 * check reserves >= liabilities fund customers through deposits (test/sandbox-chain.ts) instead, as the
 * demo seed does. Idempotent by key: the same key again answers the first funding.
 */
export async function fundFromEquity({
  ctx,
  userId,
  amount,
  idempotencyKey,
}: {
  ctx: { db: Db; clock: Clock };
  userId: string;
  amount: Sats;
  idempotencyKey: string;
}): Promise<Transaction> {
  return inDbTransaction(ctx.db, async (tx) => {
    const at = ctx.clock.now();
    const equity = await bankAccountId(tx, "opening_equity");
    const account = (await openCustomerAccounts(tx, [userId])).get(userId) as number;
    const posting = await postTransfers(
      tx,
      [
        {
          debit: equity,
          credit: account,
          amount,
          kind: "opening_balance",
          reference: `opening_balance:${userId}`,
        },
      ],
      { idempotencyKey, at },
    );
    const transferId = posting.transferIds[0] as number;
    const row = posting.replayed
      ? await findWalletTransactionByTransfer(tx, { userId, transferId })
      : await recordOpeningBalance(tx, { userId, amount, transferId, note: OPENING_BALANCE_NOTE, at });
    if (row === undefined) throw new Error(`Opening balance transfer ${transferId} has no history line`);
    return toTransaction(row);
  });
}
