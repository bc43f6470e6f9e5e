import { PageHeader } from "@/components/layout/page-header";
import { RecentTransactions } from "@/features/transactions/components/recent-transactions";
import { BalanceCard } from "@/features/wallet/components/balance-card";
import { WalletActions } from "@/features/wallet/components/wallet-actions";

/** Screen: wallet. The balance with a refresh button, Send Bitcoin and Receive Bitcoin, recent activity. */
export function WalletScreen() {
  return (
    <>
      <PageHeader title="Wallet" />
      <div className="flex flex-col gap-6">
        <BalanceCard refreshable />
        <WalletActions sendLabel="Send Bitcoin" receiveLabel="Receive Bitcoin" />
        <RecentTransactions title="Recent Activity" />
      </div>
    </>
  );
}
