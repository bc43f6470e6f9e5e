import { NotBuiltNotice } from "@/components/layout/not-built-notice";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/lib/paths";

/** Screen: KYC proof-of-address step. A placeholder until its issue builds it. */
export function KycAddressScreen() {
  return (
    <>
      <PageHeader title="Proof of Address" backTo={paths.kyc.identity} />
      <NotBuiltNotice />
    </>
  );
}
