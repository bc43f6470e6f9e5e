import type { NotificationPage } from "@satsbank/shared";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

/** One notification (by id), or every one ("Mark all as read"). */
export type ReadTarget = { id: string } | "all";

/**
 * Marks notifications read in the cached pages before the server answers: the highlight, the "<n> new"
 * badge and the navigation's count follow the tap at once. The server's answer replaces it.
 */
export async function markReadInCache(queryClient: QueryClient, target: ReadTarget): Promise<void> {
  await queryClient.cancelQueries({ queryKey: queryKeys.notifications.all });
  const latest = queryClient.getQueryData<NotificationPage>(queryKeys.notifications.latest);
  const list = queryClient.getQueryData<InfiniteData<NotificationPage>>(queryKeys.notifications.list);
  const pages = [...(latest ? [latest] : []), ...(list?.pages ?? [])];
  const unreadHere = pages.some((page) =>
    page.items.some((n) => !n.read && (target === "all" || n.id === target.id)),
  );
  const read = (page: NotificationPage): NotificationPage => ({
    ...page,
    items: page.items.map((n) => (target === "all" || n.id === target.id ? { ...n, read: true } : n)),
    unreadCount: target === "all" ? 0 : Math.max(0, page.unreadCount - (unreadHere ? 1 : 0)),
  });
  if (latest) queryClient.setQueryData(queryKeys.notifications.latest, read(latest));
  if (list) queryClient.setQueryData(queryKeys.notifications.list, { ...list, pages: list.pages.map(read) });
}
