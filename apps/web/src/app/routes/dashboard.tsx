import type { QueryClient } from "@tanstack/react-query";
import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { ThemeToggle } from "@/components/theme-toggle";
import { meQueryOptions } from "@/features/auth/api/get-me";
import { kycOverviewQueryOptions } from "@/features/kyc/api/get-kyc-overview";
import { KycReminder } from "@/features/kyc/components/kyc-reminder";
import { recentTransactionsQueryOptions } from "@/features/transactions/api/list-transactions";
import { ReceivedMoment } from "@/features/transactions/components/received-moment";
import {
  RECENT_TRANSACTIONS_LIMIT,
  RecentTransactions,
} from "@/features/transactions/components/recent-transactions";
import { BalanceCard } from "@/features/wallet/components/balance-card";
import { WalletActions } from "@/features/wallet/components/wallet-actions";
import { metaQueryOptions } from "@/lib/api/meta";
import { walletSummaryQueryOptions } from "@/lib/api/wallet-summary";
import { paths } from "@/lib/paths";

/**
 * What the dashboard's first frame shows, put into `client` before the app first draws the dashboard's
 * own page (app.tsx: the pre-rendered shell stays until then), so the screen replaces the shell whole and
 * nothing moves after: the sandbox banner above it all (the installation's facts), the reminder above the
 * balance, the balance, and the latest transactions (a spinner giving way to them pushed what is under
 * them down). The requests are the ones public/early-data.js made while the scripts loaded, taken from
 * there (lib/early-data.ts). Signed out, nothing but the session and the facts: the guard sends the person
 * to sign-in. A failure is left to the screen (no retry here: its own query asks again and shows it).
 * The verification overview is asked again as the reminder opens (it is never taken as current).
 */
export async function primeDashboard(client: QueryClient): Promise<void> {
  const once = { retry: false } as const;
  const facts = client.prefetchQuery({ ...metaQueryOptions, ...once });
  const user = await client.fetchQuery({ ...meQueryOptions, ...once }).catch(() => null);
  await Promise.all([
    facts,
    user &&
      Promise.all([
        client.prefetchQuery({ ...walletSummaryQueryOptions, ...once }),
        client.prefetchQuery({ ...recentTransactionsQueryOptions(RECENT_TRANSACTIONS_LIMIT), ...once }),
        client.prefetchQuery({ ...kycOverviewQueryOptions, ...once }),
      ]),
  ]);
}

/**
 * Screen: dashboard. A reminder while verification is unfinished, the balance ("You received X" when a
 * payment arrives while it is open), Send and Receive, the five latest transactions, the theme toggle, and
 * a link to the proof of reserves.
 */
export function DashboardScreen() {
  return (
    <>
      <PageHeader title="Dashboard" actions={<ThemeToggle />} />
      <div className="flex flex-col gap-6">
        <KycReminder />
        <BalanceCard />
        <ReceivedMoment />
        <WalletActions sendLabel="Send" receiveLabel="Receive" />
        <RecentTransactions
          title="Recent Transactions"
          action={
            <Link
              to={paths.history}
              className="text-sm font-semibold text-brand underline-offset-4 outline-none hover:underline focus-visible:underline"
            >
              View All
            </Link>
          }
        />
        {/* A plain link: the proof page and its verifier load with that route, never with the dashboard. */}
        <p className="text-sm text-muted-foreground">
          Is your balance counted in what the bank owes?{" "}
          <Link
            to={paths.profile.proof}
            className="font-semibold text-brand underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            Check the proof of reserves
          </Link>
        </p>
      </div>
    </>
  );
}
