import { PageHeader } from "@/components/layout/page-header";
import { AddressStep } from "@/features/kyc/components/address-step";
import { KycOverviewGate } from "@/features/kyc/components/kyc-overview-gate";

/** Screen: KYC proof-of-address step (step 2 of 3). */
export function KycAddressScreen() {
  return (
    <>
      <PageHeader title="Proof of Address" description="Step 2 of 3" />
      <KycOverviewGate>{(overview) => <AddressStep overview={overview} />}</KycOverviewGate>
    </>
  );
}
