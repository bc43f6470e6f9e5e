import { apiPaths, meResponseSchema, type SessionUser } from "@satsbank/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Why nobody is signed in, when the server said so: the account was deactivated. */
export type SessionEndedReason = "accountInactive";

/**
 * `GET /api/auth/me`: the signed-in person, or `null` when nobody is (a 401 is an answer, not an error),
 * with the 401's reason when its session was ended for one.
 */
export async function getSession(
  signal?: AbortSignal,
): Promise<{ user: SessionUser | null; ended: SessionEndedReason | null }> {
  try {
    const { user } = await api.get(apiPaths.auth.me, meResponseSchema, { signal });
    return { user, ended: null };
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      return { user: null, ended: error.reason === "accountInactive" ? "accountInactive" : null };
    }
    throw error;
  }
}

/** `GET /api/auth/me`: the signed-in person, or `null` when nobody is. */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  return (await getSession(signal)).user;
}

export const meQueryOptions = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ signal, client }) => {
    const { user, ended } = await getSession(signal);
    client.setQueryData<SessionEndedReason | null>(queryKeys.sessionEnded, ended);
    return user;
  },
});

/**
 * The session: `data` is the signed-in person, `null` when signed out, `undefined` while it loads.
 * Sign-in, sign-up and logout write it directly (lib/session-cache).
 */
export function useMe() {
  return useQuery(meQueryOptions);
}
