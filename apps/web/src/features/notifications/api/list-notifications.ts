import {
  apiPaths,
  type ListNotificationsQuery,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPage,
  notificationPageSchema,
} from "@satsbank/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** `GET /api/notifications`: one page, newest first, with the count of every unread one. */
export function listNotifications(
  query: ListNotificationsQuery,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const search = new URLSearchParams();
  if (query.cursor) search.set("cursor", query.cursor);
  if (query.limit !== undefined) search.set("limit", String(query.limit));
  const text = search.toString();
  return api.get(`${apiPaths.notifications.list}${text ? `?${text}` : ""}`, notificationPageSchema, {
    signal,
  });
}

/**
 * The newest page: the bottom navigation's unread count, and where the app sees new notifications
 * arrive. `pollMs` asks again that often (the fallback while the live stream is down).
 */
export function useLatestNotifications({ pollMs }: { pollMs?: number | false } = {}) {
  return useQuery({
    queryKey: queryKeys.notifications.latest,
    queryFn: ({ signal }) => listNotifications({ limit: NOTIFICATIONS_PAGE_SIZE }, signal),
    refetchInterval: pollMs ?? false,
  });
}

/** The Notifications screen's list, page after page (each page's `nextCursor` asks for the next). */
export function useNotificationList() {
  return useInfiniteQuery({
    queryKey: queryKeys.notifications.list,
    queryFn: ({ pageParam, signal }) =>
      listNotifications({ cursor: pageParam, limit: NOTIFICATIONS_PAGE_SIZE }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}
