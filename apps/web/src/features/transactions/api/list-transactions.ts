import {
  apiPaths,
  HISTORY_PAGE_SIZE,
  type ListTransactionsQuery,
  type TransactionPage,
  transactionPageSchema,
} from "@satsbank/shared";
import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { queryKeys, type TransactionListParams } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";
import { pendingPoll } from "../lib/pending-poll";

/** `GET /api/transactions`: one page of the customer's history, newest first, filtered and searched there. */
export function listTransactions(
  query: ListTransactionsQuery,
  signal?: AbortSignal,
): Promise<TransactionPage> {
  const { filter, q, cursor, limit } = query;
  return api.get(withQuery(apiPaths.transactions.list, { filter, q, cursor, limit }), transactionPageSchema, {
    signal,
  });
}

/** The latest `limit` transactions' query (asked again while one is pending). */
export const recentTransactionsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: queryKeys.transactions.recent(limit),
    queryFn: ({ signal }) => listTransactions({ filter: "all", limit }, signal),
    refetchInterval: (query) => pendingPoll(query.state.data?.items),
  });

/** The latest `limit` transactions, for the dashboard and the wallet screen. */
export function useRecentTransactions(limit: number) {
  return useQuery(recentTransactionsQueryOptions(limit));
}

/**
 * The history, page after page: each page's `nextCursor` asks for the next. A new search or filter keeps
 * the previous list on screen until its own first page arrives. Asked again while one is pending.
 */
export function useTransactionHistory(params: TransactionListParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.transactions.list(params),
    queryFn: ({ pageParam, signal }) =>
      listTransactions(
        { filter: params.filter, q: params.q, cursor: pageParam, limit: HISTORY_PAGE_SIZE },
        signal,
      ),
    ...keysetPaging,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pendingPoll(query.state.data?.pages.flatMap((page) => page.items)),
  });
}
