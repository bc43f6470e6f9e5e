import {
  apiPaths,
  type CancelRefillBody,
  type VaultRefill,
  vaultRefillResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterVaultAction } from "./get-vault";

export interface CancelRefillInput extends CancelRefillBody {
  refillId: string;
}

/**
 * `POST /api/admin/vault/refills/:refillId/cancel`, with a reason (kept in the audit log): its vault coins
 * are free again. A 409 once it was broadcast.
 */
export async function cancelRefill({ refillId, reason }: CancelRefillInput): Promise<VaultRefill> {
  const { refill } = await api.post(
    apiPaths.admin.vaultRefillCancel(refillId),
    { reason },
    vaultRefillResponseSchema,
  );
  return refill;
}

export function useCancelRefill() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelRefill, onSettled: () => refreshAfterVaultAction(queryClient) });
}
