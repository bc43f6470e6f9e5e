import {
  apiPaths,
  type RefillSignaturesBody,
  type RefillSignaturesResponse,
  refillSignaturesResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterVaultAction } from "./get-vault";

export interface UploadRefillSignaturesInput extends RefillSignaturesBody {
  refillId: string;
}

/**
 * `POST /api/admin/vault/refills/:refillId/signatures`: a key holder's signed PSBT (base64). Its valid
 * signatures are kept; with two per input the refill is finalised and broadcast. Refused when the PSBT is
 * another transaction or carries no valid signature (400), or the refill no longer takes signatures (409).
 */
export function uploadRefillSignatures({
  refillId,
  psbt,
}: UploadRefillSignaturesInput): Promise<RefillSignaturesResponse> {
  return api.post(apiPaths.admin.vaultRefillSignatures(refillId), { psbt }, refillSignaturesResponseSchema);
}

export function useUploadRefillSignatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadRefillSignatures,
    onSettled: () => refreshAfterVaultAction(queryClient),
  });
}
