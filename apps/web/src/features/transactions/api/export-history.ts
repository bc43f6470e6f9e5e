import { apiPaths, type ExportFormat, type HistoryFilter } from "@satsbank/shared";
import { withQuery } from "@/lib/with-query";

/** The browser's own time zone ("Europe/Paris"): the export writes its dates there. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `GET /api/transactions/export` for the history as the customer filtered and searched it: the server
 * streams the file as an attachment, so the browser downloads it from a plain link (no fetch, no file of
 * 100,000 rows in memory).
 */
export function historyExportHref(params: {
  filter: HistoryFilter;
  q: string;
  format: ExportFormat;
  timeZone: string;
}): string {
  return withQuery(apiPaths.transactions.export, params);
}
