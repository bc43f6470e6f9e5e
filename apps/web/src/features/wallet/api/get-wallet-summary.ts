import { apiPaths, type WalletSummary, walletSummarySchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/wallet`: the signed-in customer's balance, what they may send, and the USD price. */
export function getWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  return api.get(apiPaths.wallet.summary, walletSummarySchema, { signal });
}

export const walletSummaryQueryOptions = queryOptions({
  queryKey: queryKeys.wallet.summary,
  queryFn: ({ signal }) => getWalletSummary(signal),
});

export function useWalletSummary() {
  return useQuery(walletSummaryQueryOptions);
}
