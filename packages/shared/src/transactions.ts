import { z } from "zod";
import { keysetCursorSchema, keysetPageSchema, pageLimitSchema, searchTextSchema } from "./lists.js";
import { satsSchema } from "./money.js";
import { priceAtTheTimeSchema } from "./prices.js";

export const transactionTypeSchema = z.enum(["send", "receive"]);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const transactionStatusSchema = z.enum(["completed", "pending", "failed"]);
export type TransactionStatus = z.infer<typeof transactionStatusSchema>;

/** The specification's words for a transaction's status (customer history and Transaction History). */
export const transactionStatusLabels = {
  completed: "Completed",
  pending: "Pending",
  failed: "Failed",
} as const satisfies Record<TransactionStatus, string>;

/**
 * Where a withdrawal stands, beyond its history status: held (a first withdrawal to a new address, until
 * `heldUntil`; the customer may cancel), waiting for staff approval, queued for a payout, broadcast,
 * confirmed, cancelled by the customer, rejected by staff (with the reason), or failed (the network
 * refused its payout). Cancelled, rejected and failed withdrawals gave the money back.
 */
export const withdrawalStateSchema = z.enum([
  "held",
  "awaiting_approval",
  "queued",
  "broadcast",
  "confirmed",
  "cancelled",
  "rejected",
  "failed",
]);
export type WithdrawalState = z.infer<typeof withdrawalStateSchema>;

/** Where a withdrawal stands, in the customer's and staff's words (a held one also says until when). */
export const withdrawalStateLabels = {
  held: "Held",
  awaiting_approval: "Waiting for approval",
  queued: "Queued",
  broadcast: "Broadcast",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  rejected: "Rejected",
  failed: "Failed",
} as const satisfies Record<WithdrawalState, string>;

/** A withdrawal's place on its way out, as the customer's history shows it. */
export const withdrawalProgressSchema = z.object({
  state: withdrawalStateSchema,
  /** Held until then (state held); null otherwise. */
  heldUntil: z.iso.datetime().nullable(),
  /** Why staff rejected it (state rejected); null otherwise. */
  reason: z.string().nullable(),
});
export type WithdrawalProgress = z.infer<typeof withdrawalProgressSchema>;

/** One line of a customer's history, as the customer sees it. */
export const transactionSchema = z.object({
  id: z.uuid(),
  type: transactionTypeSchema,
  amountSats: satsSchema,
  feeSats: satsSchema,
  status: transactionStatusSchema,
  counterparty: z.object({
    username: z.string().nullable(),
    name: z.string().nullable(),
    address: z.string().nullable(),
  }),
  note: z.string().nullable(),
  txid: z.string().nullable(),
  /** How deep its chain transaction is: 0 in the mempool; null for a transaction with no txid. */
  confirmations: z.number().int().nonnegative().nullable(),
  /** A withdrawal's progress (a send to an outside address); null for every other transaction. */
  withdrawal: withdrawalProgressSchema.nullable(),
  createdAt: z.iso.datetime(),
  /** The customer's own label (the note is the sender's); null when they have not added one. */
  label: z.string().nullable(),
  /** The BTC/USD price recorded with it (at settlement, else at creation); null when none was recorded. */
  priceAtTheTime: priceAtTheTimeSchema.nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const historyFilterSchema = z.enum(["all", "sent", "received"]);
export type HistoryFilter = z.infer<typeof historyFilterSchema>;

/** The filter menu's words, and the "Showing: <filter>" line. */
export const historyFilterLabels = {
  all: "All Transactions",
  sent: "Sent",
  received: "Received",
} as const satisfies Record<HistoryFilter, string>;

export const HISTORY_PAGE_SIZE = 20;

export const listTransactionsQuerySchema = z.object({
  filter: historyFilterSchema.default("all"),
  q: searchTextSchema,
  cursor: keysetCursorSchema,
  limit: pageLimitSchema(HISTORY_PAGE_SIZE),
});
export type ListTransactionsQuery = z.input<typeof listTransactionsQuerySchema>;

export const transactionPageSchema = keysetPageSchema(transactionSchema);
export type TransactionPage = z.infer<typeof transactionPageSchema>;

export const transactionResponseSchema = z.object({ transaction: transactionSchema });
export type TransactionResponse = z.infer<typeof transactionResponseSchema>;

/** The admin health check of the books. */
export const ledgerHealthSchema = z.object({
  booksBalanced: z.boolean(),
  totalSats: z.string(),
  negativeCustomerAccounts: z.number().int(),
  mismatchedAccounts: z.number().int(),
  /** The hot wallet's ledger account equals its coins on the chain. */
  hotWalletMatchesCoins: z.boolean(),
  /** The hot wallet's bitcoin and what the bank owes (customer balances, withdrawals not yet paid out). */
  reservesSats: z.string(),
  liabilitiesSats: z.string(),
  reservesCoverLiabilities: z.boolean(),
  checkedAt: z.iso.datetime(),
});
export type LedgerHealth = z.infer<typeof ledgerHealthSchema>;
