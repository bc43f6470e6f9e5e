import { PageHeader } from "@/components/layout/page-header";
import { ReceiveBitcoin } from "@/features/wallet/components/receive-bitcoin";
import { paths } from "@/lib/paths";

/**
 * Screen: receive Bitcoin. The customer's current deposit address as a QR code and as text, Copy and
 * Share, their username for payments inside the bank, and what to expect once paid.
 */
export function WalletReceiveScreen() {
  return (
    <>
      <PageHeader title="Receive Bitcoin" backTo={paths.dashboard} />
      <ReceiveBitcoin />
    </>
  );
}
