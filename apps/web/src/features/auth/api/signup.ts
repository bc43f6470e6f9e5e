import { apiPaths, meResponseSchema, type SessionUser, type SignupBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/session-cache";

/** `POST /api/auth/signup`: makes a customer and signs them in (the server sets the session cookie). */
export async function signup(body: SignupBody): Promise<SessionUser> {
  const { user } = await api.post(apiPaths.auth.signup, body, meResponseSchema);
  return user;
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
