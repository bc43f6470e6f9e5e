import { formatBtc, satsToUsdCents, transactionCsvColumns } from "@satsbank/shared";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { inDbTransaction } from "../../db/db-transaction.js";
import { csvLine } from "../../domain/csv.js";
import { EXPORT_BATCH, exportFileStamp } from "../../domain/export.js";
import type { HistoryPosition } from "../../domain/history.js";
import { centsToUsdText } from "../../domain/price.js";
import type { StaffActor } from "../../domain/staff.js";
import { recordAuditEvent } from "../audit/index.js";
import { listAllWalletTransactions, type StaffListedRow } from "../transactions/index.js";
import { type AdminTransactionFilterValues, transactionQueryOf } from "./transaction-search.js";

export { EXPORT_BATCH } from "../../domain/export.js";

export type TransactionsExport = { fileName: string; lines: AsyncGenerator<string> };

/** "2030-01-15 12:00:00": UTC, to the second, as spreadsheets read a date and time. */
function utcDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", " ");
}

function csvRow({ row, owner }: StaffListedRow): string {
  // The price it recorded when it settled: none while pending (a reorganised withdrawal's too) or failed,
  // none when none could be had then (its source says `unavailable`).
  const settled = row.status === "completed";
  const price = settled ? row.settledUsdCentsPerBtc : null;
  return csvLine([
    row.id,
    row.type,
    formatBtc(row.amount),
    formatBtc(row.fee),
    row.status,
    owner.id,
    owner.name,
    owner.username,
    utcDateTime(row.createdAt),
    row.address ?? "",
    row.txid ?? "",
    row.counterpartyUsername ?? "",
    price === null ? "" : centsToUsdText(price),
    price === null ? "" : centsToUsdText(satsToUsdCents(row.amount, price)),
    settled ? (row.settledPriceSource ?? "") : "",
  ]);
}

async function* csvLines(db: Db, filters: AdminTransactionFilterValues): AsyncGenerator<string> {
  // A byte-order mark: spreadsheets then read the file as UTF-8 (names with accents).
  yield `\uFEFF${csvLine(transactionCsvColumns)}`;
  const query = transactionQueryOf(filters);
  let after: HistoryPosition | null = null;
  for (;;) {
    const rows = await listAllWalletTransactions(db, { ...query, after, limit: EXPORT_BATCH });
    if (rows.length > 0) yield rows.map(csvRow).join("");
    const last = rows.at(-1);
    if (rows.length < EXPORT_BATCH || last === undefined) return;
    after = last.position;
  }
}

/**
 * The filtered Transaction History as CSV: amounts and fees in BTC with 8 decimals, times in UTC, cells
 * guarded against spreadsheet formulas. Streamed: read EXPORT_BATCH rows at a time by keyset, newest
 * first, so no list is ever held whole. The USD columns are at the price each transaction recorded when it
 * settled (the headers say so), with that price's source.
 *
 * The export is a staff action: it is audited (with its filters) in its own db transaction
 * before the first row is read; the rows are read after that commit, outside any db transaction, so a
 * slow download holds no connection or lock.
 */
export async function exportTransactionsCsv({
  ctx,
  staff,
  filters,
}: {
  ctx: { db: Db; clock: Clock };
  staff: StaffActor;
  filters: AdminTransactionFilterValues;
}): Promise<TransactionsExport> {
  const at = ctx.clock.now();
  await inDbTransaction(ctx.db, (tx) =>
    recordAuditEvent(tx, {
      staff,
      action: "transactions.exported",
      target: { type: "transactions", id: null },
      details: {
        filters: { q: filters.q?.trim() || null, type: filters.type, status: filters.status },
        prices: "recorded at settlement",
      },
      at,
    }),
  );
  const stamp = exportFileStamp(at);
  return { fileName: `transactions-${stamp}.csv`, lines: csvLines(ctx.db, filters) };
}
