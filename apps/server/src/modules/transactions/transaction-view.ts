import type { PriceAtTheTime, Transaction } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import type { WalletTransactionRow } from "./queries.js";

/**
 * How deep the row's chain transaction is, against the height of the last block the follower processed:
 * null without a txid (a transfer inside the bank), 0 while it waits in the mempool. A payout's block may
 * be newer than the follower's last one for a moment: it is in a block, so at least 1.
 */
function confirmationsOf(row: WalletTransactionRow, chainHeight: number | null): number | null {
  if (row.txid === null) return null;
  if (row.blockHeight === null) return 0;
  return Math.max(1, (chainHeight ?? row.blockHeight) - row.blockHeight + 1);
}

/** What the customer's and staff's views of a history row both show: amounts as decimal strings, never a number. */
export function transactionBasics(row: WalletTransactionRow) {
  return {
    id: row.id,
    type: row.type,
    amountSats: row.amount.toString(),
    feeSats: row.fee.toString(),
    status: row.status,
  };
}

/** The price the row recorded: at settlement when it settled with one, else at creation; null if none. */
export function priceAtTheTime(row: WalletTransactionRow): PriceAtTheTime | null {
  const recorded = [
    {
      moment: "settled",
      cents: row.settledUsdCentsPerBtc,
      source: row.settledPriceSource,
      at: row.settledPriceReadAt,
    },
    {
      moment: "created",
      cents: row.createdUsdCentsPerBtc,
      source: row.createdPriceSource,
      at: row.createdPriceReadAt,
    },
  ] as const;
  for (const { moment, cents, source, at } of recorded) {
    if (cents === null || at === null || source === null || source === "unavailable") continue;
    return { usdCentsPerBtc: cents.toString(), source, readAt: at.toISOString(), moment };
  }
  return null;
}

/** A history row as the customer sees it. */
export function toTransaction(row: WalletTransactionRow, chainHeight: number | null = null): Transaction {
  return {
    ...transactionBasics(row),
    counterparty: {
      username: row.counterpartyUsername,
      name: row.counterpartyName,
      address: row.address,
    },
    note: row.note,
    txid: row.txid,
    confirmations: confirmationsOf(row, chainHeight),
    withdrawal:
      row.withdrawalState === null
        ? null
        : {
            state: row.withdrawalState,
            heldUntil: row.heldUntil?.toISOString() ?? null,
            reason: row.withdrawalReason,
          },
    createdAt: row.createdAt.toISOString(),
    label: row.label,
    priceAtTheTime: priceAtTheTime(row),
  };
}

/**
 * The height of the last block the chain follower processed (null before the first), which confirmations
 * are counted against. The chain module answers it; app.ts hands it to the use cases that show rows.
 */
export type ChainHeight = (db: Db) => Promise<number | null>;

/** The rows as the customer sees them, their confirmations counted (one look-up, only when one has a txid). */
export async function toTransactions(
  db: Db,
  chainHeight: ChainHeight,
  rows: readonly WalletTransactionRow[],
): Promise<Transaction[]> {
  const onChain = rows.some((row) => row.txid !== null && row.blockHeight !== null);
  const height = onChain ? await chainHeight(db) : null;
  return rows.map((row) => toTransaction(row, height));
}

/** One row as the customer sees it, its confirmations counted. */
export async function toTransactionWithConfirmations(
  db: Db,
  chainHeight: ChainHeight,
  row: WalletTransactionRow,
): Promise<Transaction> {
  const [transaction] = await toTransactions(db, chainHeight, [row]);
  if (transaction === undefined) throw new Error("A transaction row gave no transaction");
  return transaction;
}
