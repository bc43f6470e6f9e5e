import { apiPaths, type Price, type WalletSummary, walletSummarySchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryKeys } from "../query-keys";

/** `GET /api/wallet`: the signed-in customer's balance, what they may send, and the USD price. */
export function getWalletSummary(signal?: AbortSignal): Promise<WalletSummary> {
  return api.get(apiPaths.wallet.summary, walletSummarySchema, { signal });
}

/**
 * The wallet summary's query: the wallet's screens read all of it, and every customer screen that shows a
 * USD value reads its price (the only price the API gives a customer), so it lives below the features.
 */
export const walletSummaryQueryOptions = queryOptions({
  queryKey: queryKeys.wallet.summary,
  queryFn: ({ signal }) => getWalletSummary(signal),
});

/** The current USD price (from the wallet summary), or undefined until it is known. */
export function usePrice(): Price | undefined {
  return useQuery({ ...walletSummaryQueryOptions, select: (summary) => summary.price }).data;
}
