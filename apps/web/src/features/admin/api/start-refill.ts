import {
  apiPaths,
  type StartRefillBody,
  type VaultRefill,
  vaultRefillResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterVaultAction } from "./get-vault";

/**
 * `POST /api/admin/vault/refills`: the unsigned PSBT is made and the vault coins it spends are locked.
 * Refused when the vault's coins cannot cover the amount and its miner fee, or the amount is dust.
 */
export async function startRefill(body: StartRefillBody): Promise<VaultRefill> {
  const { refill } = await api.post(apiPaths.admin.vaultRefills, body, vaultRefillResponseSchema);
  return refill;
}

export function useStartRefill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startRefill, onSettled: () => refreshAfterVaultAction(queryClient) });
}
