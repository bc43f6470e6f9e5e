import { useMatch } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { EnhancedVerification } from "@/features/kyc/components/enhanced-verification";
import { KycIntro } from "@/features/kyc/components/kyc-intro";
import { KycOverviewGate } from "@/features/kyc/components/kyc-overview-gate";
import { paths } from "@/lib/paths";

/**
 * Screen: KYC introduction; also shown at /auth/kyc/enhanced, where it starts the enhanced level (its
 * source-of-funds step is on this screen).
 */
export function KycIntroScreen() {
  const enhanced = useMatch(paths.kyc.enhanced) !== null;
  return (
    <>
      <PageHeader title="Verify Your Identity" description={enhanced ? "Enhanced verification" : undefined} />
      {enhanced ? (
        <KycOverviewGate>{(overview) => <EnhancedVerification overview={overview} />}</KycOverviewGate>
      ) : (
        <KycIntro />
      )}
    </>
  );
}
