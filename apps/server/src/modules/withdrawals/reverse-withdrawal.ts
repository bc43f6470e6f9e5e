import type { Db } from "../../db/client.js";
import { sats } from "../../domain/money.js";
import { bankAccountId, customerAccountId, openCustomerAccounts } from "../../ledger/accounts.js";
import { postTransfers, type Transfer } from "../../ledger/post-transfers.js";
import type { WithdrawalRow } from "./queries.js";

type Reversible = Pick<WithdrawalRow, "id" | "userId" | "amountSats" | "feeSats">;

/**
 * Gives withdrawals' amounts and fees back to their customers: a posting each, withdrawal clearing and
 * fee revenue to the customer, under "withdrawal-reversal:<id>" (one key per withdrawal, whatever ended
 * it: a refused payout, the customer's cancellation, staff's rejection), so it happens once.
 */
export async function reverseWithdrawals(
  db: Db,
  withdrawals: readonly Reversible[],
  at: Date,
): Promise<void> {
  if (withdrawals.length === 0) return;
  const accounts = await openCustomerAccounts(db, [...new Set(withdrawals.map((w) => w.userId))]);
  const clearing = await bankAccountId(db, "withdrawal_clearing");
  const feeRevenue = await bankAccountId(db, "fee_revenue");
  for (const withdrawal of withdrawals) {
    const customer = customerAccountId(accounts, withdrawal.userId);
    const reference = `transaction:${withdrawal.id}`;
    const transfers: Transfer[] = [
      {
        debit: clearing,
        credit: customer,
        amount: sats(withdrawal.amountSats),
        kind: "withdrawal_reversal",
        reference,
      },
    ];
    if (withdrawal.feeSats > 0n) {
      transfers.push({
        debit: feeRevenue,
        credit: customer,
        amount: sats(withdrawal.feeSats),
        kind: "withdrawal_reversal",
        reference,
      });
    }
    await postTransfers(db, transfers, { idempotencyKey: `withdrawal-reversal:${withdrawal.id}`, at });
  }
}
