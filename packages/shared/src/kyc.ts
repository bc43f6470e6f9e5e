import { z } from "zod";
import { satsSchema } from "./money.js";
import { plainText } from "./text.js";

// Identity checks (KYC): the specification's words, the upload rules and the contracts of /api/kyc.

/** The verification items the profile lists, in its order. */
export const kycItemIdSchema = z.enum(["identity", "address", "enhanced"]);
export type KycItemId = z.infer<typeof kycItemIdSchema>;

export const kycItemStatusSchema = z.enum(["verified", "pending", "required", "rejected"]);
export type KycItemStatus = z.infer<typeof kycItemStatusSchema>;

/** How each item status reads to the customer (staff read `customerKycStatusLabels`). */
export const kycItemStatusLabels = {
  verified: "Verified",
  pending: "Pending",
  required: "Required",
  rejected: "Rejected",
} as const satisfies Record<KycItemStatus, string>;

/** The specification's identity document types. */
export const documentTypeSchema = z.enum(["passport", "drivers_license", "national_id"]);
export type DocumentType = z.infer<typeof documentTypeSchema>;

/** How each document type reads on screen. */
export const documentTypeLabels = {
  passport: "Passport",
  drivers_license: "Driver's License",
  national_id: "National ID Card",
} as const satisfies Record<DocumentType, string>;

/** What an uploaded file is for: one step of the flow each (source of funds: the enhanced level). */
export const kycDocumentKindSchema = z.enum(["identity", "address", "selfie", "source_of_funds"]);
export type KycDocumentKind = z.infer<typeof kycDocumentKindSchema>;

/** What each kind of file is: the upload control's name, and the document's name where staff review it. */
export const kycDocumentKindLabels = {
  identity: "Identity document",
  address: "Proof of address",
  selfie: "Selfie",
  source_of_funds: "Source of funds",
} as const satisfies Record<KycDocumentKind, string>;

/** The file formats, read from the file's content (never its name). */
export const kycFileFormatSchema = z.enum(["jpeg", "png", "pdf"]);
export type KycFileFormat = z.infer<typeof kycFileFormatSchema>;

/** What each step accepts: JPG, PNG or PDF; a selfie JPG or PNG only. */
export const kycAcceptedFormats = {
  identity: ["jpeg", "png", "pdf"],
  address: ["jpeg", "png", "pdf"],
  selfie: ["jpeg", "png"],
  source_of_funds: ["jpeg", "png", "pdf"],
} as const satisfies Record<KycDocumentKind, readonly KycFileFormat[]>;

/** The file input's `accept` for each step (a hint for the picker; the server reads the content). */
export const kycAcceptAttribute = {
  identity: "image/jpeg,image/png,application/pdf",
  address: "image/jpeg,image/png,application/pdf",
  selfie: "image/jpeg,image/png",
  source_of_funds: "image/jpeg,image/png,application/pdf",
} as const satisfies Record<KycDocumentKind, string>;

/** At most 5MB a file, as the screens say. */
export const KYC_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** A proof of address may be at most this many months old (the person confirms its date). */
export const PROOF_OF_ADDRESS_MAX_AGE_MONTHS = 3;

/** The specification's KYC words: toasts (title and text), the status screen's lines. */
export const kycMessages = {
  missingInformation: {
    title: "Missing information",
    text: "Please select a document type and upload your document.",
  },
  missingDocument: { title: "Missing document", text: "Please upload your proof of address." },
  selfieRequired: { title: "Selfie required", text: "Please take or upload a selfie to continue." },
  verificationStarted: "Verification Started",
  typicalTime: "Verification typically takes 24-48 hours",
  rejected: {
    title: "Verification Rejected",
    text: "Unfortunately, we couldn't verify your identity with the provided documents.",
  },
  /** The reason shown when the reviewer gave none. */
  defaultRejectionReason:
    "Documents provided were unclear or didn't match the requirements. Please upload clearer images of your identification.",
} as const;

/** Why an upload is refused: the message says it in place, on the step, and the step stays. */
export const kycUploadErrors = {
  tooLarge: "The file is larger than 5MB. Choose a smaller file.",
  wrongType: "This file is not a JPG, PNG or PDF. Choose a JPG, PNG or PDF file.",
  wrongSelfieType: "A selfie must be a JPG or PNG image.",
  unreadable: "The file could not be read. It may be damaged: choose another file.",
  tooManyPixels: "The image is too large to process (more than 50 megapixels). Choose a smaller image.",
  missingDocumentType: "Choose the type of your document.",
  missingDocumentDate: "Enter the date on your proof of address.",
  documentDateTooOld: "The proof of address must be dated within the last 3 months.",
  documentDateInFuture: "The date on the proof of address cannot be in the future.",
} as const;

/** The fields of `POST /api/kyc/documents` besides the file (multipart form fields, as text). */
export const kycUploadFieldsSchema = z.object({
  kind: kycDocumentKindSchema,
  /** Identity only. */
  documentType: documentTypeSchema.optional(),
  /** Proof of address only: the date printed on it, YYYY-MM-DD, within the last 3 months. */
  documentDate: z.iso.date().optional(),
});
export type KycUploadFields = z.infer<typeof kycUploadFieldsSchema>;

/** An uploaded file, as its owner sees it. */
export const kycDocumentSchema = z.object({
  id: z.uuid(),
  kind: kycDocumentKindSchema,
  documentType: documentTypeSchema.nullable(),
  documentDate: z.iso.date().nullable(),
  fileName: z.string(),
  format: kycFileFormatSchema,
  sizeBytes: z.number().int().nonnegative(),
  uploadedAt: z.iso.datetime(),
});
export type KycDocument = z.infer<typeof kycDocumentSchema>;

export const kycDocumentResponseSchema = z.object({ document: kycDocumentSchema });
export type KycDocumentResponse = z.infer<typeof kycDocumentResponseSchema>;

export const SOURCE_OF_FUNDS_MAX_LENGTH = 1000;

/**
 * `POST /api/kyc/submissions`: identity, address and selfie (the basic level), or the enhanced level's
 * source-of-funds declaration and its supporting document. The documents are the customer's uploads.
 */
export const kycSubmissionBodySchema = z.discriminatedUnion("level", [
  z.object({
    level: z.literal("basic"),
    identityDocumentId: z.uuid(),
    addressDocumentId: z.uuid(),
    selfieDocumentId: z.uuid(),
  }),
  z.object({
    level: z.literal("enhanced"),
    sourceOfFunds: z
      .string()
      .trim()
      .check(plainText)
      .min(10, { error: "Describe where your funds come from (at least 10 characters)." })
      .max(SOURCE_OF_FUNDS_MAX_LENGTH),
    documentId: z.uuid(),
  }),
]);
export type KycSubmissionBody = z.infer<typeof kycSubmissionBodySchema>;

export const kycSubmissionStatusSchema = z.enum(["pending", "approved", "rejected"]);
export type KycSubmissionStatus = z.infer<typeof kycSubmissionStatusSchema>;

/** One submission: what the status screen follows. */
export const kycSubmissionSchema = z.object({
  id: z.uuid(),
  level: z.enum(["basic", "enhanced"]),
  status: kycSubmissionStatusSchema,
  /** The reviewer's reason for a rejection (null: none given; the screen then says the default). */
  reason: z.string().nullable(),
  submittedAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

export const kycSubmissionResponseSchema = z.object({ submission: kycSubmissionSchema });

/** One verification item of the profile's KYC page. */
export const kycItemSchema = z.object({
  id: kycItemIdSchema,
  title: z.string(),
  description: z.string(),
  status: kycItemStatusSchema,
  details: z.object({
    /** The document type as it reads ("Passport"), or the kind of document. */
    documentType: z.string().nullable(),
    submissionDate: z.iso.datetime().nullable(),
    message: z.string().nullable(),
  }),
});
export type KycItem = z.infer<typeof kycItemSchema>;

/** Where the customer's verification flow goes on from: the dashboard's reminder links there. */
export const kycResumeStepSchema = z.enum(["intro", "identity", "address", "selfie", "status"]);
export type KycResumeStep = z.infer<typeof kycResumeStepSchema>;

/** `GET /api/kyc`: the customer's verification, level and what they may send today. */
export const kycOverviewSchema = z.object({
  /** 0: signed up (may receive, not send); 1: identity and address verified; 2: enhanced verification. */
  level: z.number().int().min(0).max(2),
  items: z.array(kycItemSchema),
  /** The latest submission of each level, or null. */
  basic: kycSubmissionSchema.nullable(),
  enhanced: kycSubmissionSchema.nullable(),
  /** Files uploaded in the flow and not submitted yet, so it can go on where it stopped. */
  drafts: z.object({
    identity: kycDocumentSchema.nullable(),
    address: kycDocumentSchema.nullable(),
    selfie: kycDocumentSchema.nullable(),
    source_of_funds: kycDocumentSchema.nullable(),
  }),
  /** Null once the basic level is verified (nothing left to remind of). */
  resume: kycResumeStepSchema.nullable(),
});
export type KycOverview = z.infer<typeof kycOverviewSchema>;

/** A customer's rolling 24-hour send limit (their level's), what they sent in it and what is left. */
export const sendLimitSchema = z.object({
  level: z.number().int().min(0).max(2),
  dailyLimitSats: satsSchema,
  sentSats: satsSchema,
  remainingSats: satsSchema,
});
export type SendLimit = z.infer<typeof sendLimitSchema>;

/** `POST /api/admin/kyc/submissions/:submissionId/decision`: staff approve or reject, with a reason. */
export const kycDecisionBodySchema = z.object({
  decision: z.enum(["approve", "reject"]),
  reason: z.string().trim().check(plainText).max(500).optional(),
});
export type KycDecisionBody = z.infer<typeof kycDecisionBodySchema>;
