import { type KycReview, kycLevelLabels, kycSubmissionStatusLabels } from "@satsbank/shared";
import { useId } from "react";
import { adminTimeText } from "../lib/admin-time";
import { DetailsSection, Fact } from "./details-section";
import { KycDecisionForm } from "./kyc-decision-form";
import { KycDocumentView } from "./kyc-document-view";
import { KycHistory } from "./kyc-history";
import { StatusPill } from "./status-pill";

const TONES = { pending: "warning", approved: "success", rejected: "danger" } as const;

function decidedByText(review: KycReview): string {
  if (review.decidedBy === "automated") return "Automated review";
  if (review.decidedBy === "staff") return review.decidedByStaff ? review.decidedByStaff.name : "Staff";
  return "Not decided yet";
}

/** One submission: who and what, its documents side by side, its history, and the decision when allowed. */
export function KycReviewCard({ review }: { review: KycReview }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex min-w-0 flex-col gap-5 rounded-2xl border bg-card p-4 sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {review.customer.name}
          </h2>
          <p className="text-sm text-muted-foreground">{`${review.customer.email} · @${review.customer.username}`}</p>
        </div>
        <StatusPill tone={TONES[review.status]}>{kycSubmissionStatusLabels[review.status]}</StatusPill>
      </header>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="Level">{kycLevelLabels[review.level]}</Fact>
        <Fact term="Submitted">
          <time dateTime={review.submittedAt}>{adminTimeText(review.submittedAt)}</time>
        </Fact>
        <Fact term="Review mode">{review.reviewMode === "manual" ? "Manual" : "Automated"}</Fact>
        <Fact term="Decided by">
          {decidedByText(review)}
          {review.decidedAt && (
            <span className="block text-xs text-muted-foreground">
              <time dateTime={review.decidedAt}>{adminTimeText(review.decidedAt)}</time>
            </span>
          )}
        </Fact>
        {review.reason && <Fact term="Reason given">{review.reason}</Fact>}
        {review.sourceOfFunds && <Fact term="Source of funds">{review.sourceOfFunds}</Fact>}
      </dl>
      <DetailsSection title="Documents" label={`Documents of ${review.customer.name}`}>
        {review.documents.length > 0 ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {review.documents.map((document) => (
              <li key={document.id} className="min-w-0">
                <KycDocumentView document={document} customerName={review.customer.name} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No documents</p>
        )}
      </DetailsSection>
      {review.history.length > 0 && (
        <DetailsSection title="History" label={`History of ${review.customer.name}`}>
          <KycHistory entries={review.history} />
        </DetailsSection>
      )}
      {review.decidable && <KycDecisionForm review={review} />}
    </article>
  );
}
