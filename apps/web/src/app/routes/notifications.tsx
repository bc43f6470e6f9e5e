import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: notifications. A placeholder until its issue builds it. */
export function NotificationsScreen() {
  return (
    <>
      <PageHeader title="Notifications" />
      <NotBuiltNotice />
    </>
  );
}
