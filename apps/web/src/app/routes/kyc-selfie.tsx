import { PageHeader } from "@/components/layout/page-header";
import { KycOverviewGate } from "@/features/kyc/components/kyc-overview-gate";
import { SelfieStep } from "@/features/kyc/components/selfie-step";

/** Screen: KYC selfie step (step 3 of 3); it submits the verification. */
export function KycSelfieScreen() {
  return (
    <>
      <PageHeader title="Take a Selfie" description="Step 3 of 3" />
      <KycOverviewGate>{(overview) => <SelfieStep overview={overview} />}</KycOverviewGate>
    </>
  );
}
