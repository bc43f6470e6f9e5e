import { apiPaths, type HelpFacts, helpFactsSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/support/facts`: the figures the FAQ states, as the bank is configured. */
export function getHelpFacts(signal?: AbortSignal): Promise<HelpFacts> {
  return api.get(apiPaths.support.facts, helpFactsSchema, { signal });
}

export const helpFactsQueryOptions = queryOptions({
  queryKey: queryKeys.support.facts,
  queryFn: ({ signal }) => getHelpFacts(signal),
  // The configuration changes with a restart at most.
  staleTime: 60 * 60_000,
});

export function useHelpFacts() {
  return useQuery(helpFactsQueryOptions);
}
