import { apiPaths, type RecentPayees, recentPayeesSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/wallet/payees/recent`: the customers the customer sent to last, newest first, each once. */
export function getRecentPayees(signal?: AbortSignal): Promise<RecentPayees> {
  return api.get(apiPaths.wallet.recentPayees, recentPayeesSchema, { signal });
}

// Under `wallet`: a send refreshes it with the balance.
export const recentPayeesQueryOptions = queryOptions({
  queryKey: queryKeys.wallet.recentPayees,
  queryFn: ({ signal }) => getRecentPayees(signal),
});

export function useRecentPayees() {
  return useQuery(recentPayeesQueryOptions);
}
