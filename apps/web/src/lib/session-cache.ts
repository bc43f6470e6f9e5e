import type { SessionUser } from "@satsbank/shared";
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./query-keys";

/**
 * The one way to write the signed-in person into the query cache (the `me` query holds
 * `SessionUser | null`). Sign-in, sign-up and the two-factor switches all answer with the fresh user, so
 * they set it instead of asking the server again.
 */
export function setSessionUser(queryClient: QueryClient, user: SessionUser | null): void {
  queryClient.setQueryData<SessionUser | null>(queryKeys.me, user);
}
