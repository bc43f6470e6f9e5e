import { apiPaths, meResponseSchema, type SessionUser, type VerifyLoginBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/session-cache";

/** `POST /api/auth/login/verify`, step 2: the code is right; the server sets the session cookie. */
export async function verifyLogin(body: VerifyLoginBody): Promise<SessionUser> {
  const { user } = await api.post(apiPaths.auth.verify, body, meResponseSchema);
  return user;
}

export function useVerifyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyLogin,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
