import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "@/lib/api-client";

/** True for the refusal of a staff endpoint to production staff without an authenticator app. */
export function isEnrolmentRefusal(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.reason === "enrolTwoFactor";
}

/**
 * Whether any staff request was refused with the reason `enrolTwoFactor` (a query or an action), so the
 * dashboard can ask to enrol an authenticator app instead of showing one error per table. `reset` once
 * enrolled.
 */
export function useEnrolmentRefusal() {
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    const queries = queryClient.getQueryCache();
    const mutations = queryClient.getMutationCache();
    if (queries.getAll().some((query) => isEnrolmentRefusal(query.state.error))) setRefused(true);
    const offQueries = queries.subscribe((event) => {
      if (event.type === "updated" && isEnrolmentRefusal(event.query.state.error)) setRefused(true);
    });
    const offMutations = mutations.subscribe((event) => {
      if (event.type === "updated" && isEnrolmentRefusal(event.mutation?.state.error)) setRefused(true);
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);

  const reset = useCallback(() => setRefused(false), []);
  return { refused, reset };
}
