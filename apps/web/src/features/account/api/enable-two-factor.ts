import {
  apiPaths,
  type TwoFactorCodeBody,
  type TwoFactorEnableResponse,
  twoFactorEnableResponseSchema,
} from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { setSessionUser } from "@/lib/session-cache";

/**
 * `POST /api/account/two-factor/enable`: a code from the app proves the enrolment; answers the fresh user
 * and the 10 recovery codes, shown once.
 */
export function enableTwoFactor(body: TwoFactorCodeBody): Promise<TwoFactorEnableResponse> {
  return api.post(apiPaths.account.twoFactorEnable, body, twoFactorEnableResponseSchema);
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: ({ user }) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.recoveryCodes });
    },
  });
}
