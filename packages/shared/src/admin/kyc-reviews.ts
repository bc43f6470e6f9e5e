import { z } from "zod";
import {
  type KycSubmissionStatus,
  kycItemIdSchema,
  kycItemStatusSchema,
  kycSubmissionStatusSchema,
} from "../kyc.js";
import { keysetCursorSchema, keysetPageSchema } from "../lists.js";
import { adminKycDocumentSchema, adminPageLimitSchema, customerRefSchema, personSchema } from "./common.js";

// KYC Reviews: the queue of submissions, each with its documents and history, and staff's decision.

export const kycReviewModeSchema = z.enum(["auto", "manual"]);
export type KycReviewMode = z.infer<typeof kycReviewModeSchema>;

/** The status filter of KYC Reviews and a review's status pill. */
export const kycSubmissionStatusLabels = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
} as const satisfies Record<KycSubmissionStatus, string>;

export const kycLevelLabels = {
  basic: "Basic verification (identity and address)",
  enhanced: "Enhanced verification (source of funds)",
} as const satisfies Record<KycReview["level"], string>;

/** One change of a KYC item: the decisions of a submission, automated and staff's, all kept. */
export const kycHistoryEntrySchema = z.object({
  item: kycItemIdSchema,
  from: kycItemStatusSchema,
  to: kycItemStatusSchema,
  actor: z.enum(["customer", "automated", "staff"]),
  /** The member of staff, when `actor` is staff. */
  staff: personSchema.nullable(),
  reason: z.string().nullable(),
  at: z.iso.datetime(),
});
export type KycHistoryEntry = z.infer<typeof kycHistoryEntrySchema>;

/** A submission as KYC Reviews shows it: the customer, the documents side by side, its history. */
export const kycReviewSchema = z.object({
  id: z.uuid(),
  level: z.enum(["basic", "enhanced"]),
  status: kycSubmissionStatusSchema,
  /** KYC_REVIEW when it was submitted. */
  reviewMode: kycReviewModeSchema,
  /** The current decision's reason (the customer reads it). */
  reason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Who made the current decision: null while pending. */
  decidedBy: z.enum(["automated", "staff"]).nullable(),
  decidedByStaff: personSchema.nullable(),
  customer: customerRefSchema,
  /** Enhanced only: where the customer says their funds come from. */
  sourceOfFunds: z.string().nullable(),
  documents: z.array(adminKycDocumentSchema),
  history: z.array(kycHistoryEntrySchema),
  /**
   * Staff may decide it now: pending, or decided by the automated review and still the customer's latest
   * submission of its level (an override, with a reason, to the other decision).
   */
  decidable: z.boolean(),
});
export type KycReview = z.infer<typeof kycReviewSchema>;

/**
 * `GET /api/admin/kyc/submissions`: pending ones oldest first (the queue); approved or rejected ones
 * newest first. Decide one with `POST /api/admin/kyc/submissions/:submissionId/decision`
 * (`kycDecisionBodySchema`; a reason is required to override an automated decision).
 */
export const listKycReviewsQuerySchema = z.object({
  status: kycSubmissionStatusSchema.default("pending"),
  cursor: keysetCursorSchema,
  limit: adminPageLimitSchema,
});
export type ListKycReviewsQuery = z.input<typeof listKycReviewsQuerySchema>;

export const kycReviewPageSchema = keysetPageSchema(kycReviewSchema);
export type KycReviewPage = z.infer<typeof kycReviewPageSchema>;
