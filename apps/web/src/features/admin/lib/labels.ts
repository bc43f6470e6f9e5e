import type {
  KycDocumentKind,
  KycReview,
  KycSubmissionStatus,
  SupportRequestStatus,
  SupportStatusFilter,
} from "@satsbank/shared";

/** The support inbox's filter, open requests first. */
export const supportFilterLabels = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
  all: "All requests",
} as const satisfies Record<SupportStatusFilter, string>;

export const supportStatusLabels = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
} as const satisfies Record<SupportRequestStatus, string>;

export const kycSubmissionStatusLabels = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
} as const satisfies Record<KycSubmissionStatus, string>;

export const kycLevelLabels = {
  basic: "Basic verification (identity and address)",
  enhanced: "Enhanced verification (source of funds)",
} as const satisfies Record<KycReview["level"], string>;

export const kycDocumentKindLabels = {
  identity: "Identity document",
  address: "Proof of address",
  selfie: "Selfie",
  source_of_funds: "Source of funds",
} as const satisfies Record<KycDocumentKind, string>;

/** "1.2 MB", "840 KB": a file's size as staff read it. */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
