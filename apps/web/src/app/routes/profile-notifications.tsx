import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: profile: notification settings. A placeholder until its issue builds it. */
export function ProfileNotificationsScreen() {
  return (
    <>
      <PageHeader title="Notification Settings" />
      <NotBuiltNotice />
    </>
  );
}
