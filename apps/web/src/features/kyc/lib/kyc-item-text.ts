import type { KycItemStatus } from "@satsbank/shared";
import { format } from "date-fns";

/** How each item status reads. */
export const itemStatusLabels = {
  verified: "Verified",
  pending: "Pending",
  required: "Required",
  rejected: "Rejected",
} as const satisfies Record<KycItemStatus, string>;

/** "Apr 17, 2025", or null when nothing was submitted. */
export function submissionDateText(submissionDate: string | null): string | null {
  return submissionDate === null ? null : format(new Date(submissionDate), "MMM d, yyyy");
}
