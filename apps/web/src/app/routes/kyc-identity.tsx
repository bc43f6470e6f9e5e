import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/lib/paths";

/** Screen: KYC identity document step. A placeholder until its issue builds it. */
export function KycIdentityScreen() {
  return (
    <>
      <PageHeader title="Identity Document" backTo={paths.kyc.intro} />
      <NotBuiltNotice />
    </>
  );
}
