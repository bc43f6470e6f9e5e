import { PageHeader } from "@/components/layout/page-header";
import { IdentityStep } from "@/features/kyc/components/identity-step";
import { KycOverviewGate } from "@/features/kyc/components/kyc-overview-gate";

/** Screen: KYC identity document step (step 1 of 3). */
export function KycIdentityScreen() {
  return (
    <>
      <PageHeader title="Identity Document" description="Step 1 of 3" />
      <KycOverviewGate>{(overview) => <IdentityStep overview={overview} />}</KycOverviewGate>
    </>
  );
}
