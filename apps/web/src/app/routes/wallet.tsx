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
        {/* On a phone, side by side, "Receive Bitcoin" would touch its edges: stacked until both fit. */}
        <WalletActions
          sendLabel="Send Bitcoin"
          receiveLabel="Receive Bitcoin"
          className="grid-cols-1 min-[27rem]:grid-cols-2"
        />
        <RecentTransactions title="Recent Activity" />
      </div>
    </>
  );
}
