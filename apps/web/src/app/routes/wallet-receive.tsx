import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/lib/paths";

/** Screen: receive Bitcoin. A placeholder until its issue builds it. */
export function WalletReceiveScreen() {
  return (
    <>
      <PageHeader title="Receive Bitcoin" backTo={paths.dashboard} />
      <NotBuiltNotice />
    </>
  );
}
