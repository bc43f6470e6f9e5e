import { type AdminKycDocument, apiPaths, documentTypeLabels, kycDocumentKindLabels } from "@satsbank/shared";
import { FileText } from "lucide-react";
import { KycDocumentLink } from "./kyc-document-link";

/**
 * A document as a reviewer compares it: an image inline (from the authorised endpoint), a PDF as a link;
 * what it is, its type and date underneath.
 */
export function KycDocumentView({
  document,
  customerName,
}: {
  document: AdminKycDocument;
  customerName: string;
}) {
  const kind = kycDocumentKindLabels[document.kind];
  return (
    <figure className="flex h-full flex-col gap-2 rounded-xl border bg-background p-3">
      {document.format === "pdf" ? (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-lg bg-muted text-muted-foreground">
          <FileText className="size-10" aria-hidden="true" />
          <span className="text-xs">PDF document</span>
        </div>
      ) : (
        <img
          src={apiPaths.kyc.document(document.id)}
          alt={`${kind} of ${customerName}: ${document.fileName}`}
          loading="lazy"
          className="aspect-[4/3] w-full rounded-lg bg-muted object-contain"
        />
      )}
      <figcaption className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{kind}</span>
        {document.documentType && (
          <span className="text-xs text-muted-foreground">{documentTypeLabels[document.documentType]}</span>
        )}
        {document.documentDate && (
          <span className="text-xs text-muted-foreground">{`Dated ${document.documentDate}`}</span>
        )}
        <KycDocumentLink document={document} />
      </figcaption>
    </figure>
  );
}
