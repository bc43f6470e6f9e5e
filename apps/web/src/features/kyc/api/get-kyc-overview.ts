import { apiPaths, type KycOverview, kycOverviewSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/kyc`: the customer's level, the profile's items, the latest submissions, drafts and where to resume. */
export function getKycOverview(signal?: AbortSignal): Promise<KycOverview> {
  return api.get(apiPaths.kyc.overview, kycOverviewSchema, { signal });
}

export const kycOverviewQueryOptions = queryOptions({
  queryKey: queryKeys.kyc.overview,
  queryFn: ({ signal }) => getKycOverview(signal),
  // A decision is made elsewhere (staff): each screen that shows it asks again as it opens.
  staleTime: 0,
});

export interface UseKycOverviewOptions {
  enabled?: boolean;
  /** Ask again this often (ms) while the answer is what it is, or never (false): the status screen's polling. */
  refetchInterval?: (overview: KycOverview | undefined) => number | false;
}

export function useKycOverview({ enabled = true, refetchInterval }: UseKycOverviewOptions = {}) {
  return useQuery({
    ...kycOverviewQueryOptions,
    enabled,
    refetchInterval: refetchInterval ? (query) => refetchInterval(query.state.data) : undefined,
  });
}
