import {
  apiPaths,
  type ListNotificationsQuery,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationPage,
  notificationPageSchema,
} from "@satsbank/shared";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { keysetPaging } from "@/lib/keyset-paging";
import { queryKeys } from "@/lib/query-keys";
import { withQuery } from "@/lib/with-query";

/** `GET /api/notifications`: one page, newest first, with the count of every unread one. */
export function listNotifications(
  query: ListNotificationsQuery,
  signal?: AbortSignal,
): Promise<NotificationPage> {
  const { cursor, limit } = query;
  return api.get(withQuery(apiPaths.notifications.list, { cursor, limit }), notificationPageSchema, {
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
    ...keysetPaging,
  });
}
