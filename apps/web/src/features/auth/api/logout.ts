import { apiPaths } from "@satsbank/shared";
import { useMutation } from "@tanstack/react-query";
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

/** The caller clears the cache after leaving the signed-in screens (see LogoutButton). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
