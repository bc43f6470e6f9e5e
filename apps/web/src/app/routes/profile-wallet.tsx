import { externalWalletMessages } from "@satsbank/shared";
import { PageHeader } from "@/components/layout/page-header";
import { ConnectWallet } from "@/features/external-wallets/components/connect-wallet";
import { Bip329Labels } from "@/features/labels/components/bip329-labels";

/**
 * Screen: profile: connect an external wallet, proven by a signature (features/external-wallets); export and
 * import the customer's labels as BIP-329 (features/labels).
 */
export function ProfileWalletScreen() {
  return (
    <>
      <PageHeader title={externalWalletMessages.title} />
      <div className="flex flex-col gap-5">
        <p className="text-sm text-muted-foreground">{externalWalletMessages.intro}</p>
        <ConnectWallet />
        <Bip329Labels />
      </div>
    </>
  );
}
