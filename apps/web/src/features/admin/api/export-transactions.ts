import { apiPaths } from "@satsbank/shared";
import type { AdminTransactionListParams } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/**
 * `GET /api/admin/transactions/export.csv` with Transaction History's filters: the server streams the file
 * as an attachment, so the browser downloads it from a plain link (no fetch, no file in memory).
 */
export function transactionsExportHref({ q, type, status }: AdminTransactionListParams): string {
  return withQuery(apiPaths.admin.transactionsExport, { q, type, status });
}
