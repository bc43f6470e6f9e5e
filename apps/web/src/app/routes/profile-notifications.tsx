import { PageHeader } from "@/components/layout/page-header";
import { NotificationSettings } from "@/features/notifications/components/notification-settings";

/** Screen: profile: notification settings, saved on the server. */
export function ProfileNotificationsScreen() {
  return (
    <>
      <PageHeader title="Notification Settings" />
      <NotificationSettings />
    </>
  );
}
