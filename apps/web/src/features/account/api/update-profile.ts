import { apiPaths, meResponseSchema, type SessionUser, type UpdateProfileBody } from "@satsbank/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { setSessionUser } from "@/lib/session-cache";

/** `PATCH /api/account/profile`: the name and phone of Account Details; answers the fresh user. */
export async function updateProfile(body: UpdateProfileBody): Promise<SessionUser> {
  const { user } = await api.patch(apiPaths.account.profile, body, meResponseSchema);
  return user;
}

/** Saves, then writes the fresh user into the session, so the header and the details show it at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
