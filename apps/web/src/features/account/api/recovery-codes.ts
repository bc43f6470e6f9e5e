import {
  apiPaths,
  type RecoveryCodesBody,
  type RecoveryCodesStatus,
  recoveryCodesResponseSchema,
  recoveryCodesStatusSchema,
} from "@satsbank/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/account/two-factor/recovery-codes`: how many are left (never the codes). */
export function getRecoveryCodesStatus(signal?: AbortSignal): Promise<RecoveryCodesStatus> {
  return api.get(apiPaths.account.recoveryCodes, recoveryCodesStatusSchema, { signal });
}

export const recoveryCodesQueryOptions = queryOptions({
  queryKey: queryKeys.account.recoveryCodes,
  queryFn: ({ signal }) => getRecoveryCodesStatus(signal),
});

export function useRecoveryCodesStatus({ enabled }: { enabled: boolean }) {
  return useQuery({ ...recoveryCodesQueryOptions, enabled });
}

/** `POST /api/account/two-factor/recovery-codes`: new codes (the old ones stop working), shown once. */
export async function regenerateRecoveryCodes(body: RecoveryCodesBody): Promise<string[]> {
  const { recoveryCodes } = await api.post(apiPaths.account.recoveryCodes, body, recoveryCodesResponseSchema);
  return recoveryCodes;
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.recoveryCodes }),
  });
}
