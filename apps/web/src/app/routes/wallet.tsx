import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: wallet. A placeholder until its issue builds it. */
export function WalletScreen() {
  return (
    <>
      <PageHeader title="Wallet" />
      <NotBuiltNotice />
    </>
  );
}
