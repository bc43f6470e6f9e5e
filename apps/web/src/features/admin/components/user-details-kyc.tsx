import type { AdminKycItem } from "@satsbank/shared";
import { adminTimeText } from "../lib/admin-time";
import { CustomerKycBadge } from "./customer-badges";
import { DetailsSection } from "./details-section";
import { KycDocumentLink } from "./kyc-document-link";

/** User Details' KYC items, each with the documents of the submission that set it (links to download). */
export function UserDetailsKyc({ items }: { items: readonly AdminKycItem[] }) {
  return (
    <DetailsSection title="KYC">
      <ul className="grid gap-3 md:grid-cols-3">
        {items.map((item) => (
          <li key={item.id} className="flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm font-semibold">{item.title}</p>
              <CustomerKycBadge status={item.status} />
            </div>
            {item.details.documentType && (
              <p className="text-xs text-muted-foreground">{item.details.documentType}</p>
            )}
            {item.details.submissionDate && (
              <p className="text-xs text-muted-foreground">
                {"Submitted "}
                <time dateTime={item.details.submissionDate}>
                  {adminTimeText(item.details.submissionDate)}
                </time>
              </p>
            )}
            {item.details.message && <p className="text-sm">{item.details.message}</p>}
            {item.documents.length > 0 ? (
              <ul className="flex flex-col gap-1">
                {item.documents.map((document) => (
                  <li key={document.id}>
                    <KycDocumentLink document={document} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-xs text-muted-foreground">No documents</p>
            )}
          </li>
        ))}
      </ul>
    </DetailsSection>
  );
}
