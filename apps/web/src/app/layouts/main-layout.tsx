import { Outlet } from "react-router";
import { BottomNav } from "@/components/bottom-nav";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";

/** The main screens (dashboard, wallet, history, notifications, profile): content above the tab bar. */
export function MainLayout() {
  return (
    <AppColumn>
      <PageMain className="pb-[calc(6rem+env(safe-area-inset-bottom))]">
        <Outlet />
      </PageMain>
      <BottomNav />
    </AppColumn>
  );
}
