import { z } from "zod";
import { searchTextSchema } from "./lists.js";
import { satsSchema } from "./money.js";
import { recordedPriceSourceSchema } from "./prices.js";
import { historyFilterSchema } from "./transactions.js";

// A customer's records (issue 24): their history exported as CSV or JSON, and the monthly statement.

/** True when `zone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zone dates are written in: the browser's own (Intl), UTC unless given. */
export const timeZoneSchema = z
  .string()
  .max(64)
  .refine(isTimeZone, { error: "Unknown time zone" })
  .default("UTC");

export const exportFormatSchema = z.enum(["csv", "json"]);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/**
 * `GET /api/transactions/export`: the history as the customer filtered it (the same filter and search as
 * the list), as CSV or JSON, dates in `timeZone`.
 */
export const exportTransactionsQuerySchema = z.object({
  filter: historyFilterSchema.default("all"),
  q: searchTextSchema,
  format: exportFormatSchema.default("csv"),
  timeZone: timeZoneSchema,
});
export type ExportTransactionsQuery = z.input<typeof exportTransactionsQuerySchema>;

/**
 * The customer's CSV columns, in order. Amounts are signed from the customer's side (a send negative), in BTC
 * with 8 decimals and in sats; the fee is what the customer paid. The USD figures are at the price recorded
 * when the transaction settled (empty while it is pending, or when no price could be had then).
 */
export const customerCsvColumns = [
  "Date & Time",
  "Type",
  "Amount (BTC)",
  "Amount (sats)",
  "Fee (BTC)",
  "Fee (sats)",
  "USD at Settlement",
  "BTC Price in USD at Settlement",
  "Price Source",
  "Counterparty",
  "Address",
  "Txid",
  "Status",
  "Note",
  "Label",
  "Transaction ID",
] as const;

/** One transaction of the JSON export: the CSV's columns, by name (`null` where the CSV cell is empty). */
export const customerExportRowSchema = z.object({
  /** "2030-01-15T13:00:00+01:00": local time in the asked zone, with its offset. */
  dateTime: z.string(),
  type: z.enum(["send", "receive"]),
  amountBtc: z.string(),
  /** Signed: negative for a send. */
  amountSats: z.string().regex(/^-?(0|[1-9]\d*)$/),
  feeBtc: z.string(),
  feeSats: satsSchema,
  usdAtSettlement: z.string().nullable(),
  usdPerBtcAtSettlement: z.string().nullable(),
  /** Where the settlement price came from; null while pending. */
  priceSource: recordedPriceSourceSchema.nullable(),
  counterparty: z.string().nullable(),
  address: z.string().nullable(),
  txid: z.string().nullable(),
  status: z.enum(["completed", "pending", "failed"]),
  note: z.string().nullable(),
  label: z.string().nullable(),
  transactionId: z.uuid(),
});
export type CustomerExportRow = z.infer<typeof customerExportRowSchema>;

/** A statement's month: "2026-10". */
export const statementMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "Choose a month" });

/** `GET /api/statements/:month` (and staff's for a customer): the month in the customer's time zone. */
export const statementQuerySchema = z.object({ timeZone: timeZoneSchema });

/**
 * One booked movement of the customer's account in the month, oldest first (by time, then the ledger's order): a credit is positive, a
 * debit negative; the balance after it is the ledger's.
 */
export const statementEntrySchema = z.object({
  at: z.iso.datetime(),
  /** "Sent to @bob", "Withdrawal to bc1q…", "Withdrawal fee", "Deposit", "Withdrawal returned"... */
  description: z.string(),
  amountSats: z.string().regex(/^-?[1-9]\d*$/),
  balanceAfterSats: satsSchema,
  /** The customer's transaction it belongs to (null for a movement with none, such as a reversal). */
  transactionId: z.uuid().nullable(),
  txid: z.string().nullable(),
  note: z.string().nullable(),
  label: z.string().nullable(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/** A monthly statement: the ledger's balances at the month's start and end, and every movement between. */
export const statementSchema = z.object({
  bankName: z.string(),
  customer: z.object({ name: z.string(), username: z.string(), email: z.string() }),
  period: z.object({
    month: statementMonthSchema,
    timeZone: z.string(),
    /** The month's first instant, inclusive, and the next month's first, exclusive. */
    from: z.iso.datetime(),
    to: z.iso.datetime(),
  }),
  openingBalanceSats: satsSchema,
  closingBalanceSats: satsSchema,
  totalInSats: satsSchema,
  totalOutSats: satsSchema,
  /** The withdrawal fees booked in the month (part of totalOutSats). */
  feesSats: satsSchema,
  entries: z.array(statementEntrySchema),
  generatedAt: z.iso.datetime(),
});
export type Statement = z.infer<typeof statementSchema>;
