import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.js";
import {
  recordWalletTransactions,
  updateWalletTransaction,
  updateWalletTransactions,
  type WalletTransactionRow,
} from "./queries.js";
import { firstSettledPriceAt } from "./recorded-prices.js";

export type Party = { id: string; username: string; name: string };

export type CustomerTransfer = {
  /** The id of the sender's transaction (known before the posting: the transfer's reference names it). */
  transactionId: string;
  sender: Party;
  payee: Party;
  amount: bigint;
  /** The payee's deposit address, when the sender used it. */
  address: string | null;
  note: string | null;
  transferId: number;
  at: Date;
};

/** What an event says of its history row; historyRow fills in the rest. */
type HistoryRowFields = Pick<
  WalletTransactionRow,
  "id" | "userId" | "type" | "status" | "amount" | "createdAt"
> &
  Partial<WalletTransactionRow>;

/**
 * A history row: no fee, counterparty, address, note, transfer or chain transaction unless the event has
 * one.
 */
export function historyRow(row: HistoryRowFields): WalletTransactionRow {
  return {
    fee: 0n,
    counterpartyUserId: null,
    counterpartyUsername: null,
    counterpartyName: null,
    address: null,
    note: null,
    transferId: null,
    txid: null,
    blockHeight: null,
    withdrawalState: null,
    heldUntil: null,
    withdrawalReason: null,
    label: null,
    createdUsdCentsPerBtc: null,
    createdPriceSource: null,
    createdPriceReadAt: null,
    settledUsdCentsPerBtc: null,
    settledPriceSource: null,
    settledPriceReadAt: null,
    ...row,
  };
}

/** Writes one history row (historyRow), with its price (recordWalletTransactions), and returns it. */
async function insertRow(db: Db, fields: HistoryRowFields): Promise<WalletTransactionRow> {
  const [row] = await recordWalletTransactions(db, [historyRow(fields)]);
  if (row === undefined) throw new Error("A history row was not written");
  return row;
}

/**
 * Both sides of a transfer between customers: a completed `send` transaction for the sender and a
 * `receive` for the payee, each naming the other (the history bench builds its rows with it too).
 */
export function customerTransferRows(
  transfer: CustomerTransfer,
): [sent: WalletTransactionRow, received: WalletTransactionRow] {
  const { sender, payee } = transfer;
  const common = {
    status: "completed",
    amount: transfer.amount,
    address: transfer.address,
    note: transfer.note,
    transferId: transfer.transferId,
    createdAt: transfer.at,
  } as const;
  return [
    historyRow({
      ...common,
      id: transfer.transactionId,
      userId: sender.id,
      type: "send",
      counterpartyUserId: payee.id,
      counterpartyUsername: payee.username,
      counterpartyName: payee.name,
    }),
    historyRow({
      ...common,
      id: randomUUID(),
      userId: payee.id,
      type: "receive",
      counterpartyUserId: sender.id,
      counterpartyUsername: sender.username,
      counterpartyName: sender.name,
    }),
  ];
}

/**
 * Both sides of a transfer between customers in their histories (customerTransferRows). Call it in the db
 * transaction that posted the transfer. Returns the sender's row.
 */
export async function recordCustomerTransfer(
  db: Db,
  transfer: CustomerTransfer,
): Promise<WalletTransactionRow> {
  const [sent] = await recordWalletTransactions(db, customerTransferRows(transfer));
  if (sent === undefined) throw new Error("A transfer's history rows were not written");
  return sent;
}

/**
 * An opening balance in the customer's history: a completed `receive` from the bank itself (no
 * counterparty). Call it in the db transaction that posted the opening balance.
 */
export async function recordOpeningBalance(
  db: Db,
  entry: { userId: string; amount: bigint; transferId: number; note: string; at: Date },
): Promise<WalletTransactionRow> {
  return insertRow(db, {
    id: randomUUID(),
    userId: entry.userId,
    type: "receive",
    status: "completed",
    amount: entry.amount,
    note: entry.note,
    transferId: entry.transferId,
    createdAt: entry.at,
  });
}

/**
 * A payment to the customer's deposit address, as soon as it is seen (in the mempool or a block): a
 * pending `receive` with the address and txid, and no transfer yet. Call it in the db transaction that
 * records the deposit; `markDepositCredited` or `markDepositFailed` finish it.
 */
export async function recordDepositSeen(
  db: Db,
  entry: {
    userId: string;
    amount: bigint;
    address: string;
    txid: string;
    blockHeight: number | null;
    at: Date;
  },
): Promise<WalletTransactionRow> {
  return insertRow(db, {
    id: randomUUID(),
    userId: entry.userId,
    type: "receive",
    status: "pending",
    amount: entry.amount,
    address: entry.address,
    txid: entry.txid,
    blockHeight: entry.blockHeight,
    createdAt: entry.at,
  });
}

/** The deposit reached its confirmations and the ledger credited it at `at`: the receive is completed. */
export async function markDepositCredited(
  db: Db,
  transactionId: string,
  { transferId, at }: { transferId: number; at: Date },
): Promise<void> {
  await updateWalletTransaction(db, transactionId, {
    status: "completed",
    transferId,
    ...firstSettledPriceAt(at),
  });
}

/**
 * The deposit left the chain before it was credited (failed), or came back to it (pending again); or,
 * credited, it left the chain and its hold waits (pending), ended (completed: it confirmed again or the
 * bank absorbed it) or was reversed (failed). Completed at `at`, it records its settlement price then,
 * unless it has one.
 */
export async function markDepositStatus(
  db: Db,
  transactionId: string,
  status: "pending" | "completed" | "failed",
  at: Date,
): Promise<void> {
  const settled = status === "completed" ? firstSettledPriceAt(at) : {};
  await updateWalletTransaction(db, transactionId, { status, ...settled });
}

/** Where the chain transaction of these transactions is: a block's height, or null (mempool, or gone). */
export async function markChainPosition(
  db: Db,
  transactionIds: readonly string[],
  blockHeight: number | null,
) {
  await updateWalletTransactions(db, transactionIds, { blockHeight });
}
