import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client.js";
import {
  insertWalletTransactions,
  markQueuedWithdrawalsBroadcast,
  updateWalletTransaction,
  updateWalletTransactions,
  updateWalletTransactionsWhere,
  type WalletTransactionRow,
} from "./queries.js";

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

/** Writes one history row (historyRow) and returns it. */
async function insertRow(db: Db, fields: HistoryRowFields): Promise<WalletTransactionRow> {
  const row = historyRow(fields);
  await insertWalletTransactions(db, [row]);
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
  const [sent, received] = customerTransferRows(transfer);
  await insertWalletTransactions(db, [sent, received]);
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

/** The deposit reached its confirmations and the ledger credited it: the receive is completed. */
export async function markDepositCredited(db: Db, transactionId: string, transferId: number): Promise<void> {
  await updateWalletTransaction(db, transactionId, { status: "completed", transferId });
}

/**
 * The deposit left the chain before it was credited (failed), or came back to it (pending again); or,
 * credited, it left the chain and its hold waits (pending), ended (completed: it confirmed again or the
 * bank absorbed it) or was reversed (failed).
 */
export async function markDepositStatus(
  db: Db,
  transactionId: string,
  status: "pending" | "completed" | "failed",
): Promise<void> {
  await updateWalletTransaction(db, transactionId, { status });
}

/**
 * A withdrawal, as the customer confirmed it: a pending `send` to the outside address, with its fee and
 * the transfer that debited them; the payout's txid comes when the worker signs it. Call it in the send's
 * db transaction.
 */
export async function recordWithdrawal(
  db: Db,
  entry: {
    transactionId: string;
    userId: string;
    amount: bigint;
    fee: bigint;
    address: string;
    note: string | null;
    transferId: number;
    /** Where the withdrawal policy put it: held (until `heldUntil`), awaiting approval, or queued. */
    state: "held" | "awaiting_approval" | "queued";
    heldUntil: Date | null;
    at: Date;
  },
): Promise<WalletTransactionRow> {
  return insertRow(db, {
    id: entry.transactionId,
    userId: entry.userId,
    type: "send",
    status: "pending",
    amount: entry.amount,
    fee: entry.fee,
    address: entry.address,
    note: entry.note,
    transferId: entry.transferId,
    withdrawalState: entry.state,
    heldUntil: entry.heldUntil,
    createdAt: entry.at,
  });
}

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

/** Withdrawals whose payout confirmed (completed) or was refused for good and reversed (failed). */
export async function markWithdrawalsFinished(
  db: Db,
  transactionIds: readonly string[],
  status: "completed" | "failed",
) {
  await updateWalletTransactions(db, transactionIds, {
    status,
    withdrawalState: status === "completed" ? "confirmed" : "failed",
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

/** Settled withdrawals sent back to pending by a reorganisation, whose payout a block holds again. */
export async function markWithdrawalsRemined(db: Db, transactionIds: readonly string[]) {
  await updateWalletTransactionsWhere(
    db,
    transactionIds,
    { status: "pending", withdrawalState: "broadcast" },
    { status: "completed", withdrawalState: "confirmed" },
  );
}

/** Where the chain transaction of these transactions is: a block's height, or null (mempool, or gone). */
export async function markChainPosition(
  db: Db,
  transactionIds: readonly string[],
  blockHeight: number | null,
) {
  await updateWalletTransactions(db, transactionIds, { blockHeight });
}
