import { PageHeader } from "@/components/layout/page-header";
import { useLatestNotifications } from "@/features/notifications/api/list-notifications";
import { NotificationCenter, UnreadBadge } from "@/features/notifications/components/notification-center";

/** Screen: notifications. "<n> new" while any is unread, the list, and "Mark all as read". */
export function NotificationsScreen() {
  // The newest page counts every unread notification; the navigation's badge reads the same.
  const unreadCount = useLatestNotifications().data?.unreadCount ?? 0;
  return (
    <>
      <PageHeader title="Notifications" actions={<UnreadBadge count={unreadCount} />} />
      <NotificationCenter unreadCount={unreadCount} />
    </>
  );
}
