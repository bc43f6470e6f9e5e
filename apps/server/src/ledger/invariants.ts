import type { Db } from "../db/client.js";
import { invariantFigures } from "./queries.js";

export type LedgerInvariants = {
  /** Every balance summed: zero in double-entry books. */
  totalSats: bigint;
  booksBalanced: boolean;
  negativeCustomerAccounts: number;
  /** Accounts whose balance is not the sum of their transfers (credits minus debits). */
  mismatchedAccounts: number;
  /** All three hold. */
  ok: boolean;
};

/** Checks the books: they sum to zero, no customer is below zero, every balance equals its transfers. */
export async function checkLedgerInvariants(db: Db): Promise<LedgerInvariants> {
  const figures = await invariantFigures(db);
  const booksBalanced = figures.totalSats === 0n;
  return {
    ...figures,
    booksBalanced,
    ok: booksBalanced && figures.negativeCustomerAccounts === 0 && figures.mismatchedAccounts === 0,
  };
}
