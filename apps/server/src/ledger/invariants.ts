import type { Db } from "../db/client.js";
import { invariantFigures, type LedgerPosition, ledgerPosition } from "./queries.js";

export type { LedgerPosition };

/**
 * The books' sum, the customers below zero, liabilities and the ledger's reserves, from the balances alone
 * (one pass over the accounts): cheap enough for every pass of the solvency watchdog. The check that every
 * balance equals its transfers reads every transfer: checkLedgerInvariants.
 */
export function readLedgerPosition(db: Db): Promise<LedgerPosition> {
  return ledgerPosition(db);
}

export type LedgerInvariants = {
  /** Every balance summed: zero in double-entry books. */
  totalSats: bigint;
  booksBalanced: boolean;
  negativeCustomerAccounts: number;
  /** Accounts whose balance is not the sum of their transfers (credits minus debits). */
  mismatchedAccounts: number;
  /**
   * The hot wallet's and the cold vault's bitcoin, as the ledger says (the watchdog checks the coins the
   * chain has).
   */
  reservesSats: bigint;
  /**
   * Customer balances, withdrawals not yet paid out and reorganised deposits held from customers: what
   * the bank owes.
   */
  liabilitiesSats: bigint;
  /** Reserves >= liabilities: every satoshi a customer holds is backed by a coin on the chain. */
  reservesCoverLiabilities: boolean;
  /** The three double-entry invariants hold (reserves are the chain's books: see modules/chain/books.ts). */
  ok: boolean;
};

/** Checks the books: they sum to zero, no customer is below zero, every balance equals its transfers. */
export async function checkLedgerInvariants(db: Db): Promise<LedgerInvariants> {
  const figures = await invariantFigures(db);
  const booksBalanced = figures.totalSats === 0n;
  return {
    ...figures,
    reservesCoverLiabilities: figures.reservesSats >= figures.liabilitiesSats,
    booksBalanced,
    ok: booksBalanced && figures.negativeCustomerAccounts === 0 && figures.mismatchedAccounts === 0,
  };
}
