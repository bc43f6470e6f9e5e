import { Moon, Sun } from "lucide-react";
import { Link } from "react-router";
import { BottomNav } from "@/components/bottom-nav";
import { AppColumn } from "@/components/layout/app-column";
import { PageHeader } from "@/components/layout/page-header";
import { PageMain } from "@/components/layout/page-main";
import { buttonVariants } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { WalletActions } from "@/features/wallet/components/wallet-actions";
import { paths } from "@/lib/paths";

/** A grey bar where text will be: the skeleton of a line still loading. */
function Bar({ className }: { className: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-muted ${className}`} />;
}

/**
 * Where the theme toggle will be, as it will look: the icon of the theme <html> has (set before first
 * paint), by CSS alone. Not a button yet: it does nothing until the app runs.
 */
function ThemeTogglePlace() {
  return (
    <span aria-hidden="true" className={buttonVariants({ variant: "outline", size: "icon" })}>
      <Moon className="dark:hidden" />
      <Sun className="hidden dark:block" />
    </span>
  );
}

/**
 * The dashboard as its HTML arrives, before any script: the main layout's column and tab bar, the
 * heading and the theme toggle's place, the balance card's frame with grey bars where the figures will
 * be, Send and Receive (plain links, working already) and the heading of the latest transactions with
 * View All, laid out as the screen lays them out (MainLayout, DashboardScreen, BalanceCard,
 * RecentTransactions), so the screen's first frame (app.tsx draws it with its data) replaces it without
 * moving them. Nothing here reads data or session: it is the same for everyone, and built once. A
 * customer whose verification is unfinished gets the screen's reminder above the balance as it replaces
 * the shell (the shell cannot know).
 */
export function DashboardShell() {
  return (
    <AppColumn>
      <PageMain aria-busy="true" className="pb-[calc(6rem+env(safe-area-inset-bottom))] lg:pb-8 print:pb-0">
        <PageHeader title="Dashboard" actions={<ThemeTogglePlace />} />
        <div className="flex flex-col gap-6">
          <Card className="bg-accent">
            <CardContent>
              <div className="flex items-start justify-between gap-3">
                <h2 className="text-sm font-medium text-muted-foreground">Total Balance</h2>
              </div>
              <Bar className="mt-2 h-9 w-56" />
              <Bar className="mt-1 h-5 w-28" />
            </CardContent>
          </Card>
          <WalletActions sendLabel="Send" receiveLabel="Receive" />
          <section className="flex flex-col gap-2">
            <div className="flex items-center justify-between gap-3">
              <h2 className="text-lg font-semibold">Recent Transactions</h2>
              <Link
                to={paths.history}
                className="text-sm font-semibold text-brand underline-offset-4 outline-none hover:underline focus-visible:underline"
              >
                View All
              </Link>
            </div>
          </section>
        </div>
      </PageMain>
      <div className="contents print:hidden">
        <BottomNav unreadNotifications={0} />
      </div>
    </AppColumn>
  );
}
