import type { PasskeyAuthenticationBody, SessionUser } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { verifyPasskey } from "@/lib/passkey";
import { setSessionUser } from "@/lib/session-cache";

/**
 * `POST /api/auth/passkeys/authentication/verify` for a sign-in: the passkey is both factors (user
 * verification), so the session starts at once, as after the code step.
 */
export async function signInWithPasskey(body: PasskeyAuthenticationBody): Promise<SessionUser> {
  const { user } = await verifyPasskey(body);
  return user;
}

/** Signed in: the cache learns the person, exactly as after the code step (useVerifyLogin). */
export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
