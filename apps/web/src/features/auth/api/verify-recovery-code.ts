import { apiPaths, meResponseSchema, type RecoveryLoginBody, type SessionUser } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/session-cache";

/** `POST /api/auth/login/recovery`: step 2 with a recovery code (used up); the server sets the session. */
export async function verifyRecoveryCode(body: RecoveryLoginBody): Promise<SessionUser> {
  const { user } = await api.post(apiPaths.auth.recovery, body, meResponseSchema);
  return user;
}

export function useVerifyRecoveryCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyRecoveryCode,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
