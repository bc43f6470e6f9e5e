import { apiPaths, type EpochList, epochListSchema } from "@satsbank/shared";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/**
 * `GET /api/proof` (public): the epochs, newest first, with their reserves proof's status. Staff read what
 * customers read: the same key, so a staff step refreshes the customers' proof page too.
 */
export function listProofEpochs(signal?: AbortSignal): Promise<EpochList> {
  return api.get(apiPaths.proof.epochs, epochListSchema, { signal });
}

export function useProofEpochs() {
  return useQuery({ queryKey: queryKeys.proof.epochs, queryFn: ({ signal }) => listProofEpochs(signal) });
}

/** After an epoch is built or signed (or refused: it moved on meanwhile); every step is audited. */
export function refreshAfterProofAction(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.proof.epochs }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all }),
  ]);
}
