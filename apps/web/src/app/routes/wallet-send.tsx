import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/lib/paths";

/** Screen: send Bitcoin. A placeholder until its issue builds it. */
export function WalletSendScreen() {
  return (
    <>
      <PageHeader title="Send Bitcoin" backTo={paths.dashboard} />
      <NotBuiltNotice />
    </>
  );
}
