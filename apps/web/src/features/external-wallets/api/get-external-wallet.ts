import { apiPaths, type ExternalWallet, externalWalletResponseSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/external-wallets`: the customer's connected wallet, or null. */
export async function getExternalWallet(signal?: AbortSignal): Promise<ExternalWallet | null> {
  const { wallet } = await api.get(apiPaths.externalWallets.current, externalWalletResponseSchema, {
    signal,
  });
  return wallet;
}

export const externalWalletQueryOptions = queryOptions({
  queryKey: queryKeys.externalWallets.current,
  queryFn: ({ signal }) => getExternalWallet(signal),
});

export function useExternalWallet() {
  return useQuery(externalWalletQueryOptions);
}
