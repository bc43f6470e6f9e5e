import type { Notification } from "@satsbank/shared";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useNotificationList } from "../api/list-notifications";
import { useMarkAllNotificationsRead } from "../api/mark-all-read";
import { useMarkNotificationRead } from "../api/mark-notification-read";
import { NotificationItem } from "./notification-item";

/** "3 new": shown beside the screen's title while any notification is unread. */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
      {count} new
    </span>
  );
}

/**
 * The Notifications screen's body: "Mark all as read" and the list, newest first, unread ones highlighted;
 * opening one marks it read. "No notifications yet" when there are none. Pages load on "Load more".
 */
export function NotificationCenter({ unreadCount }: { unreadCount: number }) {
  const list = useNotificationList();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items);

  function opened(notification: Notification) {
    if (!notification.read) markRead.mutate(notification.id);
  }

  if (items === undefined) {
    return list.isError ? (
      <LoadError message="Your notifications could not be loaded." onRetry={() => void list.refetch()} />
    ) : (
      <Spinner label="Loading notifications" />
    );
  }
  if (items.length === 0) {
    return (
      <EmptyState>
        <p>No notifications yet</p>
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {unreadCount > 0 && (
        <div className="flex justify-end">
          <Button variant="link" onClick={() => markAll.mutate()} disabled={markAll.isPending}>
            Mark all as read
          </Button>
        </div>
      )}
      <ul aria-label="Notifications" className="flex flex-col gap-1 rounded-2xl border bg-card p-2 shadow-sm">
        {items.map((notification) => (
          <NotificationItem key={notification.id} notification={notification} onOpen={opened} />
        ))}
      </ul>
      <LoadMore query={list} noun="notifications" className="pt-0" />
    </div>
  );
}
