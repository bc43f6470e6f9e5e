import { apiPaths, meResponseSchema, type SessionUser, type TwoFactorCodeBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/session-cache";

/** `POST /api/account/two-factor/enable`: a code from the app proves the enrolment; answers the fresh user. */
export async function enableTwoFactor(body: TwoFactorCodeBody): Promise<SessionUser> {
  const { user } = await api.post(apiPaths.account.twoFactorEnable, body, meResponseSchema);
  return user;
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
