import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: profile: connect an external wallet. A placeholder until its issue builds it. */
export function ProfileWalletScreen() {
  return (
    <>
      <PageHeader title="Connect Wallet" />
      <NotBuiltNotice />
    </>
  );
}
