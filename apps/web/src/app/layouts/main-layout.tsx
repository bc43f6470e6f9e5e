import { Outlet } from "react-router";
import { BottomNav } from "@/components/bottom-nav";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";
import { useLatestNotifications } from "@/features/notifications/api/list-notifications";
import { PullToRefresh } from "./pull-to-refresh";

/** The main screens (dashboard, wallet, history, notifications, profile): content above the tab bar. */
export function MainLayout() {
  const unread = useLatestNotifications().data?.unreadCount ?? 0;
  return (
    <AppColumn>
      <PullToRefresh />
      {/* Room for the fixed tab bar; from 1024px the bar takes its own place in the column. */}
      <PageMain className="pb-[calc(6rem+env(safe-area-inset-bottom))] lg:pb-8">
        <Outlet />
      </PageMain>
      <BottomNav unreadNotifications={unread} />
    </AppColumn>
  );
}
