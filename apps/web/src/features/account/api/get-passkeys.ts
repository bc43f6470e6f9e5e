import { apiPaths, type PasskeyList, passkeyListSchema } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/account/passkeys`: the person's passkeys, the withdrawal setting and the session's fresh proof. */
export function getPasskeys(signal?: AbortSignal): Promise<PasskeyList> {
  return api.get(apiPaths.account.passkeys, passkeyListSchema, { signal });
}

export const passkeysQueryOptions = queryOptions({
  queryKey: queryKeys.account.passkeys,
  queryFn: ({ signal }) => getPasskeys(signal),
  // Each opening of the dialog shows the passkeys as they are (another device may have changed them).
  staleTime: 0,
});

/** Loads only while `enabled` (the dialog is open). */
export function usePasskeys({ enabled }: { enabled: boolean }) {
  return useQuery({ ...passkeysQueryOptions, enabled });
}
