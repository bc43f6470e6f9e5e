import { Outlet } from "react-router";
import { Logo } from "@/components/brand/logo";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";

/**
 * Sign-in, sign-up, password reset and the KYC steps: the brand on top, no navigation. On a wide screen
 * the card is as tall as its form, a little below the top, rather than an empty window-high panel.
 */
export function AuthLayout() {
  return (
    <AppColumn className="lg:mt-[12vh] lg:min-h-0">
      <header className="flex justify-center px-5 pt-10 pb-2">
        <Logo size="medium" />
      </header>
      <PageMain className="pt-8 lg:pb-10">
        <Outlet />
      </PageMain>
    </AppColumn>
  );
}
