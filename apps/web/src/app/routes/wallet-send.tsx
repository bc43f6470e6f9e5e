import { PageHeader } from "@/components/layout/page-header";
import { SendBitcoin } from "@/features/wallet/components/send-bitcoin";
import { paths } from "@/lib/paths";

/** Screen: send Bitcoin. The form, its checks and the review dialog live in features/wallet. */
export function WalletSendScreen() {
  return (
    <>
      <PageHeader title="Send Bitcoin" backTo={paths.dashboard} />
      <SendBitcoin />
    </>
  );
}
