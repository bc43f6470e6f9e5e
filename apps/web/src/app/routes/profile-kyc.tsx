import { PageHeader } from "@/components/layout/page-header";
import { KycOverviewGate } from "@/features/kyc/components/kyc-overview-gate";
import { KycVerification } from "@/features/kyc/components/kyc-verification";

/** Screen: profile: KYC and verification (Overview and Verification Details). */
export function ProfileKycScreen() {
  return (
    <>
      <PageHeader title="KYC & Verification" />
      <KycOverviewGate>{(overview) => <KycVerification overview={overview} />}</KycOverviewGate>
    </>
  );
}
