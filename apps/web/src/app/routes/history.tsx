import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: transaction history. A placeholder until its issue builds it. */
export function HistoryScreen() {
  return (
    <>
      <PageHeader title="Transaction History" />
      <NotBuiltNotice />
    </>
  );
}
