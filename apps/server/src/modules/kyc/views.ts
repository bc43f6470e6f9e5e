import {
  type AdminKycDocument,
  apiPaths,
  documentTypeLabels,
  documentTypeSchema,
  type KycDocument,
  type KycItem,
  type KycItemId,
  type KycSubmission,
} from "@satsbank/shared";
import type { KycDocumentRow, KycItemRow, KycSubmissionRow } from "./queries.js";

/** An upload as its owner sees it (never its storage key). */
export function toKycDocument(row: KycDocumentRow): KycDocument {
  return {
    id: row.id,
    kind: row.kind,
    documentType: row.documentType,
    documentDate: row.documentDate,
    fileName: row.fileName,
    format: row.format,
    sizeBytes: row.sizeBytes,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** A document for staff, with the authorised URL of its file (never its storage key). */
export function toAdminKycDocument(row: KycDocumentRow): AdminKycDocument {
  return { ...toKycDocument(row), url: apiPaths.kyc.document(row.id) };
}

export function toKycSubmission(row: KycSubmissionRow): KycSubmission {
  return {
    id: row.id,
    level: row.level,
    status: row.status,
    reason: row.reason,
    submittedAt: row.submittedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The profile's three items: their titles and what each asks for. */
const itemTexts = {
  identity: {
    title: "Identity Verification",
    description: "A government-issued ID: passport, driver's license or national ID card.",
  },
  address: {
    title: "Address Verification",
    description: "A proof of address dated within the last 3 months, such as a utility bill.",
  },
  enhanced: {
    title: "Enhanced Verification",
    description: "Where your funds come from, with a supporting document: for higher limits.",
  },
} as const satisfies Record<KycItemId, { title: string; description: string }>;

/** The document kind each item shows when its type is not one of the identity documents. */
const itemDocuments = { address: "Proof of address", enhanced: "Source of funds" } as const;

function documentTypeText(item: KycItemId, stored: string | null): string | null {
  if (stored === null) return null;
  const identityType = documentTypeSchema.safeParse(stored);
  if (identityType.success) return documentTypeLabels[identityType.data];
  return item === "identity" ? stored : itemDocuments[item];
}

export function toKycItem(item: KycItemId, row: KycItemRow | undefined): KycItem {
  return {
    id: item,
    ...itemTexts[item],
    status: row?.status ?? "required",
    details: {
      documentType: documentTypeText(item, row?.documentType ?? null),
      submissionDate: row?.submittedAt?.toISOString() ?? null,
      message: row?.message ?? null,
    },
  };
}
