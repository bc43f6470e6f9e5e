import { apiPaths, type LoginBody, type LoginChallenge, loginChallengeSchema } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `POST /api/auth/login`, step 1: the password was right and a second step is pending. */
export function login(body: LoginBody): Promise<LoginChallenge> {
  return api.post(apiPaths.auth.login, body, loginChallengeSchema);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
