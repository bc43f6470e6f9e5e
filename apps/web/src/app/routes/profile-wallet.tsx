import { externalWalletMessages } from "@satsbank/shared";
import { PageHeader } from "@/components/layout/page-header";
import { ConnectWallet } from "@/features/external-wallets/components/connect-wallet";

/** Screen: profile: connect an external wallet, proven by a signature (features/external-wallets). */
export function ProfileWalletScreen() {
  return (
    <>
      <PageHeader title={externalWalletMessages.title} />
      <div className="flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">{externalWalletMessages.intro}</p>
        <ConnectWallet />
      </div>
    </>
  );
}
