import {
  documentTypeSchema,
  kycDocumentKindSchema,
  kycFileFormatSchema,
  kycItemIdSchema,
  kycItemStatusSchema,
  kycSubmissionStatusSchema,
} from "@satsbank/shared";
import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth.js";
import { quoted, timestamptz, values } from "./columns.js";

// Owned by the kyc module: what a customer uploaded, what they submitted, each verification item's state
// and every change of it.

export const kycItemStatuses = values(kycItemStatusSchema);
export type KycItemStatus = (typeof kycItemStatuses)[number];

export const kycLevels = ["basic", "enhanced"] as const;
export type KycLevel = (typeof kycLevels)[number];

export const kycReviewModes = ["auto", "manual"] as const;
export type KycReviewMode = (typeof kycReviewModes)[number];

/** Who changed an item: the customer (submitting), the automated review, or a member of staff. */
export const kycActors = ["customer", "automated", "staff"] as const;
export type KycActor = (typeof kycActors)[number];

/**
 * A submission: identity, address and selfie (basic), or a source-of-funds declaration and its document
 * (enhanced), reviewed as one: pending until the automated review or staff decide.
 */
export const kycSubmissions = pgTable(
  "kyc_submissions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    level: text("level", { enum: kycLevels }).notNull(),
    status: text("status", { enum: values(kycSubmissionStatusSchema) }).notNull(),
    /** KYC_REVIEW when it was submitted: `auto` ones are the automated review's, `manual` ones staff's. */
    reviewMode: text("review_mode", { enum: kycReviewModes }).notNull(),
    /** Enhanced only: where the customer says their funds come from. */
    sourceOfFunds: text("source_of_funds"),
    submittedAt: timestamptz("submitted_at").notNull(),
    decidedAt: timestamptz("decided_at"),
    /** The member of staff who decided; null for the automated review (and while pending). */
    decidedBy: uuid("decided_by").references(() => users.id),
    /** Why it was rejected (or a note on an approval), in words the customer reads. */
    reason: text("reason"),
  },
  (t) => [
    index("kyc_submissions_status_idx").on(t.status, t.reviewMode, t.submittedAt),
    // KYC Reviews: one status, by submission time (either way).
    index("kyc_submissions_review_idx").on(t.status, t.submittedAt, t.id),
    index("kyc_submissions_user_idx").on(t.userId, t.level, t.submittedAt.desc()),
    check("kyc_submissions_level_check", sql`${t.level} in (${quoted(kycLevels)})`),
    check("kyc_submissions_status_check", sql`${t.status} in (${quoted(kycSubmissionStatusSchema.options)})`),
    check("kyc_submissions_review_mode_check", sql`${t.reviewMode} in (${quoted(kycReviewModes)})`),
    check("kyc_submissions_decided_check", sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check("kyc_submissions_reason_length", sql`length(${t.reason}) <= 500`),
  ],
);

/**
 * The perceptual hash's 64 bits in five bands (the shift and width of each): two hashes within
 * PERCEPTUAL_HASH_MATCH_DISTANCE (4) bits of each other differ in at most four bands, so they are equal in
 * at least one (the pigeonhole principle). Each band is indexed: a lookup finds the few documents that
 * share a band with the hash, then counts the differing bits of those only.
 */
export const perceptualHashBands = [
  { shift: 51, bits: 13 },
  { shift: 38, bits: 13 },
  { shift: 25, bits: 13 },
  { shift: 12, bits: 13 },
  { shift: 0, bits: 12 },
] as const;

/** A band of the column, written exactly as its index is, so the planner matches the two. */
export function perceptualBand(column: AnyPgColumn, band: (typeof perceptualHashBands)[number]): SQL {
  return sql`((${column} >> ${sql.raw(String(band.shift))}) & ${sql.raw(String(2 ** band.bits - 1))})`;
}

/**
 * One uploaded file: checked by its content, stored under a random key (never served statically), read
 * only by its owner and staff. Part of a submission once submitted.
 */
export const kycDocuments = pgTable(
  "kyc_documents",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: values(kycDocumentKindSchema) }).notNull(),
    documentType: text("document_type", { enum: values(documentTypeSchema) }),
    /** Proof of address: the date printed on it, as the customer confirmed it. */
    documentDate: date("document_date", { mode: "string" }),
    /** The name the file had on the customer's device, cleaned: for display only, never a path. */
    fileName: text("file_name").notNull(),
    format: text("format", { enum: values(kycFileFormatSchema) }).notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** SHA-256 of the file as received: the same file uploaded twice has one hash. */
    sha256: text("sha256").notNull(),
    /**
     * The content hash: SHA-256 of what the document shows, not of its file. An image's normalised pixels
     * (upright, sRGB, 8 bits, on white) and size, so the same picture with other metadata or bytes
     * appended has the same one; a PDF's file as stored (active content removed, saved again). Null for
     * documents uploaded before it existed.
     */
    contentSha256: text("content_sha256"),
    /**
     * Images: the perceptual hash (64-bit pHash of the grey image, as a signed bigint): the same picture
     * re-encoded or resized a little is within a few bits. Null for PDFs and older uploads.
     */
    perceptualHash: bigint("perceptual_hash", { mode: "bigint" }),
    /** Images: the standard deviation of the normalised grey levels (0-255); near 0 is a blank image. */
    greyStdev: doublePrecision("grey_stdev"),
    width: integer("width"),
    height: integer("height"),
    pages: integer("pages"),
    storageKey: text("storage_key").notNull().unique(),
    submissionId: uuid("submission_id").references(() => kycSubmissions.id),
    uploadedAt: timestamptz("uploaded_at").notNull(),
  },
  (t) => [
    index("kyc_documents_user_idx").on(t.userId, t.kind, t.uploadedAt.desc()),
    index("kyc_documents_submission_idx").on(t.submissionId),
    index("kyc_documents_sha256_idx").on(t.sha256),
    index("kyc_documents_content_sha256_idx").on(t.contentSha256),
    ...perceptualHashBands.map((band, i) =>
      index(`kyc_documents_perceptual_band${i}_idx`).on(perceptualBand(t.perceptualHash, band)),
    ),
    check("kyc_documents_kind_check", sql`${t.kind} in (${quoted(kycDocumentKindSchema.options)})`),
    check("kyc_documents_format_check", sql`${t.format} in (${quoted(kycFileFormatSchema.options)})`),
    check("kyc_documents_size_check", sql`${t.sizeBytes} >= 0 and ${t.sizeBytes} <= 5242880`),
    check("kyc_documents_file_name_length", sql`length(${t.fileName}) between 1 and 200`),
  ],
);

/** Each verification item's state, as the profile lists it. No row: required. */
export const kycItems = pgTable(
  "kyc_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    item: text("item", { enum: values(kycItemIdSchema) }).notNull(),
    status: text("status", { enum: kycItemStatuses }).notNull(),
    /** The submission that set it (null for a status given otherwise, e.g. a migration). */
    submissionId: uuid("submission_id").references(() => kycSubmissions.id),
    documentType: text("document_type"),
    submittedAt: timestamptz("submitted_at"),
    /** The reviewer's message (a rejection's reason). */
    message: text("message"),
    updatedAt: timestamptz("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.item] }),
    check("kyc_items_item_check", sql`${t.item} in (${quoted(kycItemIdSchema.options)})`),
    check("kyc_items_status_check", sql`${t.status} in (${quoted(kycItemStatuses)})`),
  ],
);

/** Every change of an item: who decided, when and why. Append-only. */
export const kycEvents = pgTable(
  "kyc_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    item: text("item", { enum: values(kycItemIdSchema) }).notNull(),
    submissionId: uuid("submission_id").references(() => kycSubmissions.id),
    fromStatus: text("from_status", { enum: kycItemStatuses }).notNull(),
    toStatus: text("to_status", { enum: kycItemStatuses }).notNull(),
    actor: text("actor", { enum: kycActors }).notNull(),
    /** The member of staff, when `actor` is staff. */
    actorUserId: uuid("actor_user_id").references(() => users.id),
    reason: text("reason"),
    createdAt: timestamptz("created_at").notNull(),
  },
  (t) => [
    index("kyc_events_user_idx").on(t.userId, t.createdAt),
    check("kyc_events_actor_check", sql`${t.actor} in (${quoted(kycActors)})`),
    check("kyc_events_staff_check", sql`(${t.actor} = 'staff') = (${t.actorUserId} is not null)`),
  ],
);
