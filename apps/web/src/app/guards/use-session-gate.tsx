import type { SessionUser } from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactElement } from "react";
import { Navigate, useLocation } from "react-router";
import { type SessionEndedReason, useMe } from "@/features/auth/api/get-me";
import { loginPathWithNext } from "@/lib/next-path";
import { queryKeys } from "@/lib/query-keys";
import { SessionLoading, SessionUnavailable } from "./session-status";

/**
 * What a guard shows before it can decide: the loading state, the unreachable-server state, or (signed
 * out) a redirect to sign-in that remembers the page (`?next=`, replacing history) and, when the server
 * ended the session for a reason (a deactivation), says it (`&reason=`). Returns the user once there is
 * one. The guards are for the experience; the server checks every request.
 */
export function useSessionGate(): { user: SessionUser; gate?: never } | { user?: never; gate: ReactElement } {
  const me = useMe();
  const queryClient = useQueryClient();
  const location = useLocation();
  // Data first: a failed background refetch keeps the person signed in on screen.
  if (me.data) return { user: me.data };
  if (me.data === null) {
    const ended = queryClient.getQueryData<SessionEndedReason | null>(queryKeys.sessionEnded) ?? undefined;
    const to = loginPathWithNext(`${location.pathname}${location.search}`, ended);
    return { gate: <Navigate to={to} replace /> };
  }
  if (me.isError) return { gate: <SessionUnavailable onRetry={() => void me.refetch()} /> };
  return { gate: <SessionLoading /> };
}
