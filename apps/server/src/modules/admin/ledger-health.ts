import type { LedgerHealth } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { checkBooks } from "../chain/index.js";

/**
 * The state of the books, for staff: balanced, no customer below zero, every balance = its transfers, the
 * hot wallet's ledger = its coins, and reserves against liabilities.
 */
export async function ledgerHealth({ ctx }: { ctx: { db: Db; clock: Clock } }): Promise<LedgerHealth> {
  const checkedAt = ctx.clock.now();
  const books = await checkBooks(ctx.db);
  const invariants = books.ledger;
  return {
    booksBalanced: invariants.booksBalanced,
    totalSats: invariants.totalSats.toString(),
    negativeCustomerAccounts: invariants.negativeCustomerAccounts,
    mismatchedAccounts: invariants.mismatchedAccounts,
    hotWalletMatchesCoins: books.hotWallet.matches,
    reservesSats: invariants.reservesSats.toString(),
    liabilitiesSats: invariants.liabilitiesSats.toString(),
    reservesCoverLiabilities: invariants.reservesCoverLiabilities,
    checkedAt: checkedAt.toISOString(),
  };
}
