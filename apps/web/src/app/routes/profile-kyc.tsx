import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";

/** Screen: profile: KYC and verification. A placeholder until its issue builds it. */
export function ProfileKycScreen() {
  return (
    <>
      <PageHeader title="KYC & Verification" />
      <NotBuiltNotice />
    </>
  );
}
