import { type AdminKycDocument, apiPaths, kycDocumentKindLabels } from "@satsbank/shared";
import { FileDown } from "lucide-react";
import { fileSizeText } from "@/lib/file-size";

/**
 * A KYC document's file through the authorised endpoint (staff or its owner; an attachment, so the browser
 * downloads it). The link names the document, not only "Download".
 */
export function KycDocumentLink({ document }: { document: AdminKycDocument }) {
  return (
    <a
      href={apiPaths.kyc.document(document.id)}
      download={document.fileName}
      className="inline-flex max-w-full items-center gap-1.5 rounded-sm text-sm font-medium text-brand underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      <FileDown className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{`${kycDocumentKindLabels[document.kind]}: ${document.fileName}`}</span>
      <span className="shrink-0 text-xs text-muted-foreground">{`(${document.format.toUpperCase()}, ${fileSizeText(document.sizeBytes)})`}</span>
    </a>
  );
}
