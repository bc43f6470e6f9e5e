import { apiPaths, type EpochProof, epochProofSchema } from "@satsbank/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/proof/:epoch` (public): the epoch's signed root, the bank's key and the tree's depth. */
export function getEpochProof(epoch: number, signal?: AbortSignal): Promise<EpochProof> {
  return api.get(apiPaths.proof.epoch(epoch), epochProofSchema, { signal });
}

/** An epoch's proof once `epoch` is known; a published epoch never changes. */
export function useEpochProof(epoch: number | undefined) {
  return useQuery({
    queryKey: queryKeys.proof.epoch(epoch ?? 0),
    queryFn: ({ signal }) => getEpochProof(epoch ?? 0, signal),
    enabled: epoch !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
