import { apiPaths, DEFAULT_BRAND_NAME, type MetaResponse, metaResponseSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api-client";
import { queryKeys } from "../query-keys";

/** `GET /api/meta`: facts about this installation, such as its brand name. */
export function getMeta(signal?: AbortSignal): Promise<MetaResponse> {
  return api.get(apiPaths.meta, metaResponseSchema, { signal });
}

export const metaQueryOptions = queryOptions({
  queryKey: queryKeys.meta,
  queryFn: ({ signal }) => getMeta(signal),
  // Fixed for the life of a server process.
  staleTime: Number.POSITIVE_INFINITY,
});

export function useMeta() {
  return useQuery(metaQueryOptions);
}

/** True when the server runs on the sandbox chain: a test network where no bitcoin is real. */
export function useIsSandbox(): boolean {
  return useMeta().data?.chain === "sandbox";
}

/**
 * The installation's brand name; `undefined` while it loads (callers keep the space, they do not show a
 * guess that could flash to another name). If the API cannot be reached, the default brand name.
 */
export function useBrandName(): string | undefined {
  const { data, isError } = useMeta();
  if (data) return data.brandName;
  return isError ? DEFAULT_BRAND_NAME : undefined;
}

/**
 * What a pending transaction's progress is counted against: CONFIRMATIONS (how deep a deposit is credited
 * and a withdrawal completed) and the average seconds between blocks (null: blocks come on demand);
 * undefined while it loads.
 */
export function useConfirmationsRequired(): ConfirmationPace | undefined {
  const data = useMeta().data;
  return data === undefined
    ? undefined
    : { required: data.confirmations, blockIntervalSeconds: data.blockIntervalSeconds };
}

export type ConfirmationPace = { required: number; blockIntervalSeconds: number | null };
