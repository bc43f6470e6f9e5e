import { Outlet } from "react-router";
import { Logo } from "@/components/brand/logo";
import { PageMain } from "@/components/layout/page-main";
import { ThemeToggle } from "@/components/theme-toggle";
import { LogoutButton } from "@/features/auth/components/logout-button";

/**
 * The staff dashboard: the window's width (up to 80rem) for its tables, which scroll sideways on a phone.
 * Staff have no profile screens, so Log Out and the theme toggle live here.
 */
export function AdminLayout() {
  return (
    <div className="flex min-h-window flex-col bg-background">
      <header className="border-b bg-card print:hidden">
        <div className="mx-auto flex h-16 w-full max-w-7xl items-center justify-between gap-3 px-5 sm:px-8">
          <Logo size="small" />
          <div className="flex items-center gap-2">
            <ThemeToggle className="size-9" />
            <LogoutButton variant="outline" size="sm" />
          </div>
        </div>
      </header>
      <PageMain className="mx-auto w-full max-w-7xl min-w-0 sm:px-8">
        <Outlet />
      </PageMain>
    </div>
  );
}
