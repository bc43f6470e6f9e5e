import type { KycOverview, KycSubmission } from "@satsbank/shared";
import { LoadError } from "@/components/load-error";
import { Spinner } from "@/components/ui/spinner";
import { KYC_POLL_MS } from "@/lib/ui-config";
import { useKycOverview } from "../api/get-kyc-overview";
import { Approved, type KycLevel, NotSubmitted, Pending, Rejected } from "./kyc-status-views";

function submissionOf(overview: KycOverview | undefined, level: KycLevel): KycSubmission | null {
  if (!overview) return null;
  return level === "enhanced" ? overview.enhanced : overview.basic;
}

/**
 * The status of one level's latest submission, as the server has it. While it is pending the screen asks
 * again every 2 s, so a decision made elsewhere shows without a reload; the bar rises meanwhile.
 */
export function KycStatus({ level }: { level: KycLevel }) {
  const overview = useKycOverview({
    refetchInterval: (data) => (submissionOf(data, level)?.status === "pending" ? KYC_POLL_MS : false),
  });
  if (!overview.data) {
    if (overview.isError) {
      return (
        <LoadError message="Your verification could not be loaded." onRetry={() => void overview.refetch()} />
      );
    }
    return <Spinner label="Loading your verification" />;
  }
  const submission = submissionOf(overview.data, level);

  // The live region announces the decision when it arrives.
  return (
    <div aria-live="polite">
      {submission === null ? (
        <NotSubmitted level={level} />
      ) : submission.status === "pending" ? (
        <Pending level={level} />
      ) : submission.status === "approved" ? (
        <Approved level={level} />
      ) : (
        <Rejected level={level} reason={submission.reason} />
      )}
    </div>
  );
}
