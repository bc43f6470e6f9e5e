import {
  type CustomerExportRow,
  customerCsvColumns,
  type ExportFormat,
  formatBtc,
  type HistoryFilter,
  satsToUsdCents,
} from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { csvLine } from "../../domain/csv.js";
import { EXPORT_BATCH, exportFileStamp } from "../../domain/export.js";
import { type HistoryPosition, typeForFilter, wordPatterns } from "../../domain/history.js";
import { csvDateTime, localDateTimeIso } from "../../domain/local-time.js";
import { centsToUsdText } from "../../domain/price.js";
import { listWalletTransactions, type WalletTransactionRow } from "./queries.js";

export type HistoryExportInput = {
  ctx: { db: Db; clock: Clock };
  userId: string;
  query: { filter: HistoryFilter; q?: string | undefined; format: ExportFormat; timeZone: string };
};

export type HistoryExport = { fileName: string; contentType: string; chunks: AsyncGenerator<string> };

/** "Bob Builder (@bob)", "@bob", or null for an address or a deposit. */
function counterpartyOf(row: WalletTransactionRow): string | null {
  if (row.counterpartyUsername === null) return row.counterpartyName;
  return row.counterpartyName === null
    ? `@${row.counterpartyUsername}`
    : `${row.counterpartyName} (@${row.counterpartyUsername})`;
}

/**
 * One row as the export writes it, from the customer's side: a send's amount negative, the fee what they
 * paid, the dollars at the price recorded when it settled (none while pending, or when no price was had).
 */
export function customerExportRow(row: WalletTransactionRow, timeZone: string): CustomerExportRow {
  const amount = row.type === "send" ? -row.amount : row.amount;
  const cents = row.settledUsdCentsPerBtc;
  return {
    dateTime: localDateTimeIso(row.createdAt, timeZone),
    type: row.type,
    amountBtc: formatBtc(amount),
    amountSats: amount.toString(),
    feeBtc: formatBtc(row.fee),
    feeSats: row.fee.toString(),
    usdAtSettlement: cents === null ? null : centsToUsdText(satsToUsdCents(amount, cents)),
    usdPerBtcAtSettlement: cents === null ? null : centsToUsdText(cents),
    priceSource: row.settledPriceSource,
    counterparty: counterpartyOf(row),
    address: row.address,
    txid: row.txid,
    status: row.status,
    note: row.note,
    label: row.label,
    transactionId: row.id,
  };
}

function csvRow(row: WalletTransactionRow, timeZone: string): string {
  const out = customerExportRow(row, timeZone);
  return csvLine([
    csvDateTime(out.dateTime),
    out.type,
    out.amountBtc,
    out.amountSats,
    out.feeBtc,
    out.feeSats,
    out.usdAtSettlement ?? "",
    out.usdPerBtcAtSettlement ?? "",
    out.priceSource ?? "",
    out.counterparty ?? "",
    out.address ?? "",
    out.txid ?? "",
    out.status,
    out.note ?? "",
    out.label ?? "",
    out.transactionId,
  ]);
}

/**
 * The customer's rows as the history lists them (same filter, same search), newest first, EXPORT_BATCH at
 * a time by keyset: each batch is one query outside any db transaction, so nothing is held between them
 * and only one batch is ever in memory.
 */
async function* historyBatches(
  db: Db,
  userId: string,
  query: HistoryExportInput["query"],
): AsyncGenerator<WalletTransactionRow[]> {
  const type = typeForFilter(query.filter);
  const words = wordPatterns(query.q ?? "");
  let after: HistoryPosition | null = null;
  for (;;) {
    const rows = await listWalletTransactions(db, { userId, type, words, after, limit: EXPORT_BATCH });
    if (rows.length > 0) yield rows.map(({ row }) => row);
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    after = last.position;
  }
}

async function* csvChunks(batches: AsyncGenerator<WalletTransactionRow[]>, timeZone: string) {
  // A byte-order mark: spreadsheets then read the file as UTF-8 (names with accents).
  yield `\uFEFF${csvLine(customerCsvColumns)}`;
  for await (const rows of batches) yield rows.map((row) => csvRow(row, timeZone)).join("");
}

/** One JSON array, written a batch at a time: "[", the rows with commas between them, "]". */
async function* jsonChunks(batches: AsyncGenerator<WalletTransactionRow[]>, timeZone: string) {
  let separator = "\n";
  yield "[";
  for await (const rows of batches) {
    yield separator + rows.map((row) => JSON.stringify(customerExportRow(row, timeZone))).join(",\n");
    separator = ",\n";
  }
  yield "]\n";
}

/**
 * History > Export: the signed-in customer's own history, filtered and searched as the list is, as a CSV
 * (formula-guarded cells, dates in `timeZone` with their offset) or a JSON array of customerExportRowSchema
 * rows; streamed, so any number of rows downloads with flat memory.
 */
export function exportHistory({ ctx, userId, query }: HistoryExportInput): HistoryExport {
  const batches = historyBatches(ctx.db, userId, query);
  const name = `transactions-${exportFileStamp(ctx.clock.now())}`;
  return query.format === "json"
    ? {
        fileName: `${name}.json`,
        contentType: "application/json; charset=utf-8",
        chunks: jsonChunks(batches, query.timeZone),
      }
    : {
        fileName: `${name}.csv`,
        contentType: "text/csv; charset=utf-8",
        chunks: csvChunks(batches, query.timeZone),
      };
}
