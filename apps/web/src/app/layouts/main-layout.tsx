import { lazy, Suspense, useState } from "react";
import { Outlet } from "react-router";
import { BottomNav } from "@/components/bottom-nav";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";
import { useLatestNotifications } from "@/features/notifications/api/list-notifications";

// Pull to refresh is for fingers: its code loads only where a touch screen is, after the first paint.
const PullToRefresh = lazy(() => import("./pull-to-refresh").then((m) => ({ default: m.PullToRefresh })));

/** A touch screen is among the pointers (a phone, a tablet, a laptop with one). */
function hasTouchScreen(): boolean {
  return window.matchMedia("(any-pointer: coarse)").matches;
}

/** The main screens (dashboard, wallet, history, notifications, profile): content above the tab bar. */
export function MainLayout() {
  const unread = useLatestNotifications().data?.unreadCount ?? 0;
  const [touch] = useState(hasTouchScreen);
  return (
    <AppColumn>
      {touch && (
        <Suspense fallback={null}>
          <PullToRefresh />
        </Suspense>
      )}
      {/* Room for the fixed tab bar; from 1024px the bar takes its own place in the column. */}
      <PageMain className="pb-[calc(6rem+env(safe-area-inset-bottom))] lg:pb-8 print:pb-0">
        <Outlet />
      </PageMain>
      {/* A printed page (the monthly statement) is the page alone. */}
      <div className="contents print:hidden">
        <BottomNav unreadNotifications={unread} />
      </div>
    </AppColumn>
  );
}
