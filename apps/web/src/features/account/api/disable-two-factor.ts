import { apiPaths, meResponseSchema, type SessionUser, type TwoFactorDisableBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { setSessionUser } from "@/lib/session-cache";

/**
 * `POST /api/account/two-factor/disable`: a current code from the app, or a recovery code (used up), turns
 * the authenticator off; answers the fresh user.
 */
export async function disableTwoFactor(body: TwoFactorDisableBody): Promise<SessionUser> {
  const { user } = await api.post(apiPaths.account.twoFactorDisable, body, meResponseSchema);
  return user;
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (user) => {
      setSessionUser(queryClient, user);
      void queryClient.invalidateQueries({ queryKey: queryKeys.account.recoveryCodes });
    },
  });
}
