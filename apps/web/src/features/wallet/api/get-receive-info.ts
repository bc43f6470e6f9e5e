import { apiPaths, type ReceiveInfo, receiveInfoSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/wallet/receive`: the customer's current deposit address, its BIP21 URI and their username. */
export function getReceiveInfo(signal?: AbortSignal): Promise<ReceiveInfo> {
  return api.get(apiPaths.wallet.receive, receiveInfoSchema, { signal });
}

export const receiveInfoQueryOptions = queryOptions({
  queryKey: queryKeys.wallet.receive,
  queryFn: ({ signal }) => getReceiveInfo(signal),
  // A payment to the address moves the customer on to a new one: each visit asks again.
  staleTime: 0,
});

export function useReceiveInfo() {
  return useQuery(receiveInfoQueryOptions);
}
