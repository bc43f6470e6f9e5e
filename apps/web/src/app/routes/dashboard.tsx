import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { ThemeToggle } from "@/components/theme-toggle";

/** Screen: dashboard. A placeholder until its issue builds it; the theme toggle is real already. */
export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" actions={<ThemeToggle />} />
      <NotBuiltNotice />
    </>
  );
}
