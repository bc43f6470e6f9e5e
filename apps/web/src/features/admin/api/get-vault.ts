import { apiPaths, type VaultOverview, vaultOverviewSchema } from "@satsbank/shared";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/admin/vault`: the Vault tab (the descriptor and keys, balances, refills and sweeps). */
export function getVault(signal?: AbortSignal): Promise<VaultOverview> {
  return api.get(apiPaths.admin.vault, vaultOverviewSchema, { signal });
}

export function useVault() {
  return useQuery({ queryKey: queryKeys.admin.vault, queryFn: ({ signal }) => getVault(signal) });
}

/**
 * After a refill's step (or its refusal: someone else moved it meanwhile) the tab is asked again; the
 * vault's and the hot wallet's coins are reserves, so the books change too, and every step is audited.
 */
export function refreshAfterVaultAction(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.vault }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.books }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
  ]);
}
