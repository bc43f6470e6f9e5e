import type { LedgerHealth } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { checkLedgerInvariants } from "../../ledger/invariants.js";

/** The state of the books, for staff: balanced, no customer below zero, every balance = its transfers. */
export async function ledgerHealth({ ctx }: { ctx: { db: Db; clock: Clock } }): Promise<LedgerHealth> {
  const checkedAt = ctx.clock.now();
  const invariants = await checkLedgerInvariants(ctx.db);
  return {
    booksBalanced: invariants.booksBalanced,
    totalSats: invariants.totalSats.toString(),
    negativeCustomerAccounts: invariants.negativeCustomerAccounts,
    mismatchedAccounts: invariants.mismatchedAccounts,
    checkedAt: checkedAt.toISOString(),
  };
}
