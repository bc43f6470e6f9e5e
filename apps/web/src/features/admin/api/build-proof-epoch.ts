import { apiPaths, type EpochSummary, epochSummarySchema } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterProofAction } from "./list-proof-epochs";

/**
 * `POST /api/admin/proof/epochs`: every customer balance frozen in one snapshot, the root signed, and the
 * reserves proof made (the hot wallet's coins signed; the vault's wait for two key holders). Audited.
 */
export function buildProofEpoch(): Promise<EpochSummary> {
  return api.post(apiPaths.adminProof.epochs, undefined, epochSummarySchema);
}

export function useBuildProofEpoch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: buildProofEpoch, onSettled: () => refreshAfterProofAction(queryClient) });
}
