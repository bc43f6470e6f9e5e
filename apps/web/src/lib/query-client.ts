import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";
import { queryKeys } from "./query-keys";

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network trouble and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  // A 401 anywhere may mean the session ended on the server (expired, revoked, password reset): ask
  // for `me` again, and the route guard sends the person to sign-in with the page they were on.
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 401) void client.invalidateQueries({ queryKey: queryKeys.me });
  };
  const client = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
  return client;
}
