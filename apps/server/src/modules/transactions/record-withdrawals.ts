import type { Db } from "../../db/client.js";
import {
  markQueuedWithdrawalsBroadcast,
  updateWalletTransactions,
  updateWalletTransactionsWhere,
} from "./queries.js";
import { firstSettledPriceAt } from "./recorded-prices.js";

// A withdrawal's transaction, after the send wrote it (wallet_send(), drizzle/0040) to its payout's end:
// pending while it waits (held, for approval, queued, broadcast), completed when the payout confirms,
// failed when it ends without one.

/**
 * A withdrawal moved on before its payout: released from its hold (awaiting approval or queued), approved
 * (queued), or ended without one (cancelled by the customer, rejected by staff with `reason`: its money
 * is back, so the send is failed).
 */
export async function markWithdrawalProgress(
  db: Db,
  transactionIds: readonly string[],
  progress:
    | { state: "awaiting_approval" | "queued" }
    | { state: "cancelled" }
    | { state: "rejected"; reason: string },
) {
  const ended = progress.state === "cancelled" || progress.state === "rejected";
  await updateWalletTransactions(db, transactionIds, {
    withdrawalState: progress.state,
    ...(ended ? { status: "failed" } : {}),
    ...(progress.state === "rejected" ? { withdrawalReason: progress.reason } : {}),
  });
}

/** Withdrawals signed into a payout: their transactions name its txid. */
export async function markWithdrawalsSigned(db: Db, transactionIds: readonly string[], txid: string) {
  await updateWalletTransactions(db, transactionIds, { txid });
}

/** Withdrawals whose payout the chain backend accepted (or a block holds): on their way. */
export async function markWithdrawalsBroadcast(db: Db, transactionIds: readonly string[]) {
  await markQueuedWithdrawalsBroadcast(db, transactionIds);
}

/**
 * Withdrawals whose payout confirmed at `at` (completed: each records its settlement price then) or was
 * refused for good and reversed (failed).
 */
export async function markWithdrawalsFinished(
  db: Db,
  transactionIds: readonly string[],
  { status, at }: { status: "completed" | "failed"; at: Date },
) {
  await updateWalletTransactions(db, transactionIds, {
    status,
    withdrawalState: status === "completed" ? "confirmed" : "failed",
    ...(status === "completed" ? firstSettledPriceAt(at) : {}),
  });
}

/**
 * Completed withdrawals whose payout's block left the best chain: pending again (broadcast, waiting for a
 * block) while it has no confirmation, though the ledger keeps them settled. `markWithdrawalsRemined`
 * completes them again when a block holds the payout.
 */
export async function markWithdrawalsReorganised(db: Db, transactionIds: readonly string[]) {
  await updateWalletTransactionsWhere(
    db,
    transactionIds,
    { status: "completed", withdrawalState: "confirmed" },
    { status: "pending", withdrawalState: "broadcast" },
  );
}

/**
 * Settled withdrawals sent back to pending by a reorganisation, whose payout a block holds again at `at`:
 * completed again, at the price they first settled at (one without, from before prices were recorded,
 * takes the price at `at`).
 */
export async function markWithdrawalsRemined(db: Db, transactionIds: readonly string[], at: Date) {
  await updateWalletTransactionsWhere(
    db,
    transactionIds,
    { status: "pending", withdrawalState: "broadcast" },
    { status: "completed", withdrawalState: "confirmed", ...firstSettledPriceAt(at) },
  );
}
