import { type KycSubmissionStatus, kycSubmissionStatusLabels } from "@satsbank/shared";
import { useState } from "react";
import { EmptyState } from "@/components/empty-state";
import { LoadError } from "@/components/load-error";
import { LoadMore } from "@/components/load-more";
import { Spinner } from "@/components/ui/spinner";
import { useKycReviews } from "../api/list-kyc-reviews";
import { FilterSelect } from "./filter-select";
import { KycReviewCard } from "./kyc-review-card";

const EMPTY = {
  pending: "No KYC submissions are waiting for review",
  approved: "No approved submissions",
  rejected: "No rejected submissions",
} as const satisfies Record<KycSubmissionStatus, string>;

/**
 * KYC Reviews: the pending submissions, oldest first, each with its documents side by side and a decision;
 * the decided ones too, where an automated decision may be overridden.
 */
export function KycReviewsTab() {
  const [status, setStatus] = useState<KycSubmissionStatus>("pending");
  const reviews = useKycReviews(status);
  const items = reviews.data?.pages.flatMap((page) => page.items);

  return (
    <div className="flex flex-col gap-4">
      <FilterSelect
        label="Submissions"
        value={status}
        options={kycSubmissionStatusLabels}
        onChange={setStatus}
        className="w-44"
      />
      {items ? (
        <div aria-busy={reviews.isPlaceholderData || undefined} className="flex flex-col gap-4">
          {items.length > 0 ? (
            items.map((review) => <KycReviewCard key={review.id} review={review} />)
          ) : (
            <EmptyState>{EMPTY[status]}</EmptyState>
          )}
          <LoadMore query={reviews} noun="submissions" />
        </div>
      ) : reviews.isError ? (
        <LoadError
          message="The KYC submissions could not be loaded."
          onRetry={() => void reviews.refetch()}
        />
      ) : (
        <Spinner label="Loading KYC submissions" />
      )}
    </div>
  );
}
