import { apiPaths, notificationStreamEvents } from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryKeys } from "@/lib/query-keys";

/** After the browser gave up on a stream (a refusal, not a blip), a new one is tried this much later. */
export const STREAM_REOPEN_MS = 30_000;

/**
 * Keeps the live notification stream (`GET /api/notifications/stream`, server-sent events) open while
 * mounted: each notification it announces, and each (re)connection, refreshes the notification queries.
 * Answers whether it is live; while it is not, the caller polls. Without EventSource, it never is.
 */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });

    const open = () => {
      source = new EventSource(apiPaths.notifications.stream);
      source.addEventListener("open", () => {
        setLive(true);
        // What arrived while it was closed.
        refresh();
      });
      source.addEventListener(notificationStreamEvents.notification, refresh);
      source.addEventListener("error", () => {
        setLive(false);
        // CONNECTING: the browser retries by itself. CLOSED: it gave up (a 401, a 403): try later.
        if (source?.readyState === EventSource.CLOSED) reopen = setTimeout(open, STREAM_REOPEN_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
      setLive(false);
    };
  }, [queryClient]);

  return live;
}
