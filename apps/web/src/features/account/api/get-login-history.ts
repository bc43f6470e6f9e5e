import { apiPaths, type LoginHistoryEntry, loginHistoryResponseSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/account/login-history`: recent sign-in attempts on this account, newest first. */
export async function getLoginHistory(signal?: AbortSignal): Promise<LoginHistoryEntry[]> {
  const { entries } = await api.get(apiPaths.account.loginHistory, loginHistoryResponseSchema, { signal });
  return entries;
}

export const loginHistoryQueryOptions = queryOptions({
  queryKey: queryKeys.account.loginHistory,
  queryFn: ({ signal }) => getLoginHistory(signal),
  // Each opening of the dialog shows the latest attempts.
  staleTime: 0,
});

/** Loads only while `enabled` (the dialog is open). */
export function useLoginHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...loginHistoryQueryOptions, enabled });
}
