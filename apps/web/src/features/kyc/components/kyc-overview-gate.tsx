import type { KycOverview } from "@satsbank/shared";
import type { ReactNode } from "react";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { useKycOverview } from "../api/get-kyc-overview";

/** Draws `children` once the customer's verification is known: a spinner until then, Try again if it failed. */
export function KycOverviewGate({ children }: { children: (overview: KycOverview) => ReactNode }) {
  const overview = useKycOverview();
  if (overview.data) return children(overview.data);
  if (overview.isError) {
    return (
      <LoadError message="Your verification could not be loaded." onRetry={() => void overview.refetch()} />
    );
  }
  return <Spinner label="Loading your verification" />;
}
