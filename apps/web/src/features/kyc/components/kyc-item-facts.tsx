import type { KycItem } from "@satsbank/shared";
import type { ReactNode } from "react";
import { dateText } from "@/lib/date-text";
import { KycStatusBadge } from "./kyc-status-badge";

/** An item's status, document type, submission date and message, as a description list. */
export function KycItemFacts({ item, showStatus = true }: { item: KycItem; showStatus?: boolean }) {
  const facts: [string, ReactNode][] = [
    ...(showStatus
      ? [["Status", <KycStatusBadge key="status" status={item.status} />] as [string, ReactNode]]
      : []),
    ["Document type", item.details.documentType ?? "Not submitted"],
    [
      "Submission date",
      item.details.submissionDate === null ? "Not submitted" : dateText(item.details.submissionDate),
    ],
    ["Message", item.details.message ?? "None"],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="col-span-2 grid grid-cols-subgrid">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
