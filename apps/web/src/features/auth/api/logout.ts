import { apiPaths } from "@satsbank/shared";
import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api-client";

/** `POST /api/auth/logout`: revokes the session on the server. Already signed out counts as done. */
export async function logout(): Promise<void> {
  try {
    await api.post(apiPaths.auth.logout);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return;
    throw error;
  }
}

/**
 * The caller clears the cache after leaving the signed-in screens (see LogoutButton). Its callbacks are the
 * mutation's own, so they run even when the screen that asked is gone: a request of that screen answered
 * 401 once the server revoked the session, and its guard may have redirected before this answer arrived.
 */
export function useLogout(callbacks: Pick<UseMutationOptions<void, Error, void>, "onSuccess" | "onError">) {
  return useMutation({ mutationFn: logout, ...callbacks });
}
