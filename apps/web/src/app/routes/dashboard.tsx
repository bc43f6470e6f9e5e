import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { ThemeToggle } from "@/components/theme-toggle";
import { KycReminder } from "@/features/kyc/components/kyc-reminder";
import { ReceivedMoment } from "@/features/transactions/components/received-moment";
import { RecentTransactions } from "@/features/transactions/components/recent-transactions";
import { BalanceCard } from "@/features/wallet/components/balance-card";
import { WalletActions } from "@/features/wallet/components/wallet-actions";
import { paths } from "@/lib/paths";

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
