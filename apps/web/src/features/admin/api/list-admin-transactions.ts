import { type AdminTransactionPage, adminTransactionPageSchema, apiPaths } from "@satsbank/shared";
import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { type AdminTransactionListParams, queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/** `GET /api/admin/transactions`: one page of Transaction History, newest first, filtered on the server. */
export function listAdminTransactions(
  params: AdminTransactionListParams & { cursor?: string | undefined },
  signal?: AbortSignal,
): Promise<AdminTransactionPage> {
  const { q, type, status, cursor } = params;
  return api.get(
    withQuery(apiPaths.admin.transactions, { q, type, status, cursor }),
    adminTransactionPageSchema,
    { signal },
  );
}

export function useAdminTransactions(params: AdminTransactionListParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.admin.transactions(params),
    queryFn: ({ pageParam, signal }) => listAdminTransactions({ ...params, cursor: pageParam }, signal),
    ...keysetPaging,
    placeholderData: keepPreviousData,
  });
}
