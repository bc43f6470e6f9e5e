import {
  apiPaths,
  type ReservesSignaturesResponse,
  reservesSignaturesResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterProofAction } from "./list-proof-epochs";

export interface UploadReservesSignaturesInput {
  epoch: number;
  /** The signed PSBT, base64 (or hex). */
  psbt: string;
}

/**
 * `POST /api/admin/proof/epochs/:epoch/reserves/signatures`: a key holder's signed PSBT of the epoch's
 * reserves proof. Its valid vault signatures are kept; with two per vault coin the proof is published,
 * covered or failing. Refused when the PSBT is another transaction or unreadable (400), or the proof is
 * complete already (409).
 */
export function uploadReservesSignatures({
  epoch,
  psbt,
}: UploadReservesSignaturesInput): Promise<ReservesSignaturesResponse> {
  return api.post(apiPaths.adminProof.reservesSignatures(epoch), { psbt }, reservesSignaturesResponseSchema);
}

export function useUploadReservesSignatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadReservesSignatures,
    onSettled: () => refreshAfterProofAction(queryClient),
  });
}
