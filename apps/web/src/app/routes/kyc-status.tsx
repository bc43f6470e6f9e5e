import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: KYC verification status. A placeholder until its issue builds it. */
export function KycStatusScreen() {
  return (
    <>
      <PageHeader title="Verification Status" />
      <NotBuiltNotice />
    </>
  );
}
