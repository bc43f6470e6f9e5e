import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: KYC introduction; also shown at /auth/kyc/enhanced. A placeholder until its issue builds it. */
export function KycIntroScreen() {
  return (
    <>
      <PageHeader title="Verify Your Identity" />
      <NotBuiltNotice />
    </>
  );
}
