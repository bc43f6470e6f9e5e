import { Outlet } from "react-router";
import { Logo } from "@/components/brand/logo";
import { AppColumn } from "@/components/layout/app-column";
import { PageMain } from "@/components/layout/page-main";

/** Sign-in, sign-up, password reset and the KYC steps: the brand on top, no navigation. */
export function AuthLayout() {
  return (
    <AppColumn>
      <header className="flex justify-center px-5 pt-10 pb-2">
        <Logo size="medium" />
      </header>
      <PageMain className="pt-8">
        <Outlet />
      </PageMain>
    </AppColumn>
  );
}
