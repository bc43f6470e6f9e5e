import { z } from "zod";
import { keysetCursorSchema, keysetPageSchema, searchTextSchema } from "../lists.js";
import { satsSchema } from "../money.js";
import { transactionStatusLabels, transactionStatusSchema, transactionTypeSchema } from "../transactions.js";
import { adminPageLimitSchema } from "./common.js";

// Transaction History: every customer's transactions, its filters and its CSV export.

export const adminTransactionTypeFilterSchema = z.enum(["all", "send", "receive"]);
export type AdminTransactionTypeFilter = z.infer<typeof adminTransactionTypeFilterSchema>;
export const adminTransactionTypeLabels = {
  all: "All Types",
  send: "Send",
  receive: "Receive",
} as const satisfies Record<AdminTransactionTypeFilter, string>;

export const adminTransactionStatusFilterSchema = z.enum(["all", "completed", "pending", "failed"]);
export type AdminTransactionStatusFilter = z.infer<typeof adminTransactionStatusFilterSchema>;
export const adminTransactionStatusLabels = {
  all: "All Status",
  ...transactionStatusLabels,
} as const satisfies Record<AdminTransactionStatusFilter, string>;

/**
 * The filters of Transaction History and of its CSV export. `q` matches the customer's name or username
 * (anywhere), the address (anywhere), or exactly a transaction id, a customer id or a txid.
 */
export const adminTransactionFiltersSchema = z.object({
  q: searchTextSchema,
  type: adminTransactionTypeFilterSchema.default("all"),
  status: adminTransactionStatusFilterSchema.default("all"),
});
export type AdminTransactionFilters = z.input<typeof adminTransactionFiltersSchema>;

/** `GET /api/admin/transactions`: keyset pages, newest first. */
export const listAdminTransactionsQuerySchema = adminTransactionFiltersSchema.extend({
  cursor: keysetCursorSchema,
  limit: adminPageLimitSchema,
});
export type ListAdminTransactionsQuery = z.input<typeof listAdminTransactionsQuerySchema>;

/**
 * One row of Transaction History: one customer's side of a movement (a send between two customers is the
 * sender's `send` and the payee's `receive`, two rows).
 */
export const adminTransactionSchema = z.object({
  id: z.uuid(),
  type: transactionTypeSchema,
  /** Satoshis as a decimal string (the web shows BTC with 8 decimals). */
  amountSats: satsSchema,
  feeSats: satsSchema,
  status: transactionStatusSchema,
  /** The customer whose transaction it is. */
  user: z.object({ id: z.uuid(), name: z.string(), username: z.string() }),
  /** The other customer, for a transfer inside the bank. */
  counterparty: z.object({ username: z.string().nullable(), name: z.string().nullable() }),
  /** The full Bitcoin address (null for a transfer between customers). */
  address: z.string().nullable(),
  txid: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const adminTransactionPageSchema = keysetPageSchema(adminTransactionSchema);
export type AdminTransactionPage = z.infer<typeof adminTransactionPageSchema>;

/**
 * The CSV export's columns, in order. The USD figures are at the price each transaction recorded when it
 * settled, and the headers say so: empty while it is pending, or when no price could be had then (its
 * price source then says `unavailable`).
 */
export const transactionCsvColumns = [
  "Transaction ID",
  "Type",
  "Amount (BTC)",
  "Fee (BTC)",
  "Status",
  "User ID",
  "User Name",
  "Username",
  "Date & Time (UTC)",
  "Address",
  "Txid",
  "Counterparty",
  "BTC Price in USD at Settlement",
  "Amount in USD at Settlement",
  "Price Source",
] as const;
