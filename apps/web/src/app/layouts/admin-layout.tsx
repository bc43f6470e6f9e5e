import { Outlet } from "react-router";
import { Logo } from "@/components/brand/logo";
import { PageMain } from "@/components/layout/page-main";
import { LogoutButton } from "@/features/auth/components/logout-button";

/** The staff dashboard: a wide layout for tables. Staff have no profile screens, so Log Out lives here. */
export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between px-5 sm:px-8">
          <Logo size="small" />
          <LogoutButton variant="outline" size="sm" />
        </div>
      </header>
      <PageMain className="mx-auto w-full max-w-7xl sm:px-8">
        <Outlet />
      </PageMain>
    </div>
  );
}
