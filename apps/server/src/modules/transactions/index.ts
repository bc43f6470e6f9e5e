// The transactions module: each customer's history. It records the transactions of every event in that
// event's db transaction (a transfer's two sides, a deposit seen and credited, a withdrawal and its
// payout's progress) and shows them: the customer's own pages and one transaction, staff's list of all.
// It owns wallet_transactions. Confirmations are counted against the follower's height, which the chain
// module answers through the ChainHeight port.

export { rowsAnsweredBy } from "./answered-rows.js";
export type { ReceiptContext, TransactionsContext } from "./context.js";
export { transactionNotFoundText } from "./get-transaction.js";
export { labelTransactionsByTxid, listTxidLabels, ownTxids } from "./labels.js";
export { invalidCursorText } from "./list-transactions.js";
export {
  type AllTransactionsQuery,
  findRecentPayees,
  findWalletTransaction,
  findWalletTransactionByTransfer,
  type HistoryQuery,
  listAllWalletTransactions,
  listWalletTransactions,
  type RecentPayee,
  type StaffListedRow,
  type WalletTransactionRow,
} from "./queries.js";
export {
  type CustomerTransfer,
  markChainPosition,
  markDepositCredited,
  markDepositStatus,
  type Party,
  recordCustomerTransfer,
  recordDepositSeen,
  recordOpeningBalance,
} from "./record-transactions.js";
export {
  markWithdrawalProgress,
  markWithdrawalsBroadcast,
  markWithdrawalsFinished,
  markWithdrawalsRemined,
  markWithdrawalsReorganised,
  markWithdrawalsSigned,
} from "./record-withdrawals.js";
export { transactionRoutes } from "./routes.js";
export { findStatementTransactions, type StatementTransactionRow } from "./statement-queries.js";
export {
  type ChainHeight,
  toTransaction,
  toTransactions,
  toTransactionWithConfirmations,
  transactionBasics,
} from "./transaction-view.js";
