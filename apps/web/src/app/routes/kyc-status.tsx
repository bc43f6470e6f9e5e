import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { KycStatus } from "@/features/kyc/components/kyc-status";

/** Screen: KYC verification status: the basic level's submission, or the enhanced one's with `?level=enhanced`. */
export function KycStatusScreen() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Verification Status" />
      <KycStatus level={params.get("level") === "enhanced" ? "enhanced" : "basic"} />
    </>
  );
}
