import { apiPaths, meResponseSchema, type SessionUser } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/auth/me`: the signed-in person, or `null` when nobody is (a 401 is an answer, not an error). */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const { user } = await api.get(apiPaths.auth.me, meResponseSchema, { signal });
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: ({ signal }) => getMe(signal),
});

/**
 * The session: `data` is the signed-in person, `null` when signed out, `undefined` while it loads.
 * Sign-in, sign-up and logout write it directly (lib/session-cache).
 */
export function useMe() {
  return useQuery(meQueryOptions);
}
