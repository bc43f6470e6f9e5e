import { apiPaths, notificationStreamEvents } from "@satsbank/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { queryKeys } from "@/lib/query-keys";
import { QUERIES_REFRESHED_ON_RETURN, refreshQueries } from "./refresh-after";

/** After the browser gave up on a stream (a refusal, not a blip), a new one is tried this much later. */
export const STREAM_REOPEN_MS = 30_000;

/**
 * Keeps the live notification stream (`GET /api/notifications/stream`, server-sent events) open while
 * mounted: each notification it announces refreshes the notification queries (the feed then refreshes
 * what its kind affects: refresh-after.ts). A reconnection refreshes everything a notification can affect,
 * since what happened while it was down was not heard. Answers whether it is live; while it is not, the
 * caller polls. Without EventSource, it never is.
 */
export function useNotificationStream(): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    // The first connection follows the screen's own first loads: only what arrived meanwhile is asked for.
    let heardBefore = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });

    const open = () => {
      source = new EventSource(apiPaths.notifications.stream);
      source.addEventListener("open", () => {
        setLive(true);
        if (heardBefore) void refreshQueries(queryClient, QUERIES_REFRESHED_ON_RETURN);
        else refresh();
        heardBefore = true;
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
