import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";
import { queryKeys } from "./query-keys";

/**
 * A failed load shows its error state (with its own "Try again") within about a second: a 4xx answer
 * will not change by asking again, so it is not retried; a 5xx or a network failure is retried once,
 * after half a second, which rides out a blip without keeping the person waiting in silence.
 */
const MAX_RETRIES = 1;
export const RETRY_DELAY_MS = 500;

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
      queries: { staleTime: 30_000, retry: shouldRetry, retryDelay: RETRY_DELAY_MS },
      mutations: { retry: false },
    },
  });
  return client;
}
