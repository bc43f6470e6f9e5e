import { apiPaths, type EpochList, epochListSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/proof` (public): the published epochs, newest first. */
export function getEpochs(signal?: AbortSignal): Promise<EpochList> {
  return api.get(apiPaths.proof.epochs, epochListSchema, { signal });
}

export function useEpochs() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.proof.epochs, queryFn: ({ signal }) => getEpochs(signal) }),
  );
}
