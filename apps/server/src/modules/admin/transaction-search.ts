import type { AdminTransactionStatusFilter, AdminTransactionTypeFilter } from "@satsbank/shared";
import { containsPattern, isUuid } from "../../domain/history.js";
import type { AllTransactionsQuery } from "../transactions/index.js";

export type AdminTransactionFilterValues = {
  q?: string | undefined;
  type: AdminTransactionTypeFilter;
  status: AdminTransactionStatusFilter;
};

const TXID = /^[0-9a-f]{64}$/;

/** The filters of Transaction History (and its export) as the query reads them. */
export function transactionQueryOf(
  filters: AdminTransactionFilterValues,
): Pick<AllTransactionsQuery, "type" | "status" | "search"> {
  const text = filters.q?.trim() ?? "";
  const lower = text.toLowerCase();
  return {
    type: filters.type === "all" ? null : filters.type,
    status: filters.status === "all" ? null : filters.status,
    search:
      text === ""
        ? null
        : {
            pattern: containsPattern(text),
            uuid: isUuid(lower) ? lower : null,
            txid: TXID.test(lower) ? lower : null,
          },
  };
}
