import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/lib/paths";

/** Screen: KYC selfie step. A placeholder until its issue builds it. */
export function KycSelfieScreen() {
  return (
    <>
      <PageHeader title="Take a Selfie" backTo={paths.kyc.address} />
      <NotBuiltNotice />
    </>
  );
}
