import { BottomNav } from "@/components/bottom-nav";
import { AppColumn } from "@/components/layout/app-column";
import { PageHeader } from "@/components/layout/page-header";
import { PageMain } from "@/components/layout/page-main";
import { Card, CardContent } from "@/components/ui/card";

/** A grey bar where text will be: the skeleton of a line still loading. */
function Bar({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-muted ${className}`} />;
}

/**
 * The dashboard as its HTML arrives, before any script: the main layout's column and tab bar, the
 * heading, and the balance card's frame with grey bars where the figures will be, laid out as the screen
 * lays them out (MainLayout, DashboardScreen, BalanceCard), so the real screen replaces it without a
 * shift. Nothing here reads data or session: it is the same for everyone, and built once.
 */
export function DashboardShell() {
  return (
    <AppColumn>
      <PageMain aria-busy="true" className="pb-[calc(6rem+env(safe-area-inset-bottom))] lg:pb-8 print:pb-0">
        <PageHeader title="Dashboard" />
        <div className="flex flex-col gap-6">
          <Card className="bg-accent">
            <CardContent>
              <h2 className="text-sm font-medium text-muted-foreground">Total Balance</h2>
              <Bar className="mt-2 h-9 w-56" />
              <Bar className="mt-1 h-5 w-28" />
            </CardContent>
          </Card>
        </div>
      </PageMain>
      <div className="contents print:hidden">
        <BottomNav unreadNotifications={0} />
      </div>
    </AppColumn>
  );
}
