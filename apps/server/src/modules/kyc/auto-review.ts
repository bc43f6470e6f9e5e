import { type KycDocumentKind, kycDocumentKindSchema } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import type { KycContext } from "./context.js";
import { decideSubmission } from "./decide-submission.js";
import { samePicture } from "./image-fingerprint.js";
import { countDocumentsOfOthers } from "./likeness-queries.js";
import { findPendingSubmissions, findSubmissionDocuments, type KycDocumentRow } from "./queries.js";

/** The smallest document image the automated review reads: 600 by 400 pixels (either way round). */
export const MIN_DOCUMENT_PIXELS = { long: 600, short: 400 } as const;

/**
 * An image whose grey levels vary less than this (their standard deviation, 0-255, measured at upload)
 * shows nothing: a blank page, a lens cap, a wall. A document photographed in poor light still varies
 * by 30 and more (its text, its edges); grain on a blank image by a few levels.
 */
export const BLANK_MAX_GREY_STDEV = 10;

const blankReason = (what: string) => `${what} is blank or unreadable. Take a new photo in good light.`;

/** The automated review's reasons, in words the customer reads. */
export const autoReviewReasons = {
  unreadable: "A document could not be read. Please upload it again.",
  tooSmall:
    "A document image is too small to read (at least 600x400 pixels). Please upload a clearer, larger image.",
  noPages: "A PDF document has no pages. Please upload the complete document.",
  usedElsewhere: "A document you uploaded is already used by another account.",
  selfieIsDocument:
    "Your selfie is the same image as one of your documents. Please take a photo of yourself.",
  missing: "A document is missing from the submission. Please upload all of them again.",
  /** An image that shows nothing (BLANK_MAX_GREY_STDEV), named by what it should have shown. */
  blank: {
    identity: blankReason("The image of your ID document"),
    address: blankReason("The image of your proof of address"),
    selfie: blankReason("Your selfie"),
    source_of_funds: blankReason("The image of your source of funds document"),
  } satisfies Record<KycDocumentKind, string>,
} as const;

const REVIEWS_PER_PASS = 20;

/**
 * The automated checks of one submission's documents: each decodes (recorded at upload: a format, and a
 * size or pages, and what it shows), an image is at least 600x400 and not blank, a PDF has pages, no
 * document is another customer's (the same file, the same content, or an image that looks the same), and
 * the selfie is not one of the documents. The first failing rule's reason, or null to approve.
 */
export async function automatedProblem(
  ctx: Pick<KycContext, "db">,
  submission: { userId: string; level: "basic" | "enhanced" },
  documents: readonly KycDocumentRow[],
): Promise<string | null> {
  const expected = submission.level === "basic" ? 3 : 1;
  if (documents.length !== expected) return autoReviewReasons.missing;
  // In the flow's order (identity, address, selfie), so the reason names the first step to take again.
  const order = kycDocumentKindSchema.options;
  const inOrder = [...documents].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  for (const document of inOrder) {
    const problem = documentProblem(document);
    if (problem !== null) return problem;
  }
  if ((await countDocumentsOfOthers(ctx.db, submission.userId, documents)) > 0)
    return autoReviewReasons.usedElsewhere;
  const selfie = documents.find((document) => document.kind === "selfie");
  if (selfie !== undefined && documents.some((d) => d.kind !== "selfie" && sameImage(d, selfie))) {
    return autoReviewReasons.selfieIsDocument;
  }
  return null;
}

/** What is wrong with one document on its own, or null. */
function documentProblem(document: KycDocumentRow): string | null {
  // Measured at upload since the content checks exist; a document uploaded before is uploaded again.
  if (document.contentSha256 === null) return autoReviewReasons.unreadable;
  if (document.format === "pdf") return (document.pages ?? 0) < 1 ? autoReviewReasons.noPages : null;
  if (document.width === null || document.height === null) return autoReviewReasons.unreadable;
  const long = Math.max(document.width, document.height);
  const short = Math.min(document.width, document.height);
  if (long < MIN_DOCUMENT_PIXELS.long || short < MIN_DOCUMENT_PIXELS.short) return autoReviewReasons.tooSmall;
  if (document.greyStdev === null || document.perceptualHash === null) return autoReviewReasons.unreadable;
  if (document.greyStdev < BLANK_MAX_GREY_STDEV) return autoReviewReasons.blank[document.kind];
  return null;
}

/** The same file, or two images of the same picture. */
function sameImage(a: KycDocumentRow, b: KycDocumentRow): boolean {
  if (a.sha256 === b.sha256) return true;
  const printA = imagePrint(a);
  const printB = imagePrint(b);
  return printA !== null && printB !== null && samePicture(printA, printB);
}

function imagePrint(document: KycDocumentRow) {
  const { contentSha256, perceptualHash } = document;
  return contentSha256 === null || perceptualHash === null ? null : { contentSha256, perceptualHash };
}

/**
 * Reviews the waiting `auto` submissions (KYC_REVIEW=auto), oldest first. Each is decided once: the
 * decision claims the submission while it is still pending, so a reviewer running at the same moment finds
 * it decided (a 409) and moves on. Answers how many this reviewer decided.
 */
export async function reviewPendingAutomatically(ctx: Pick<KycContext, "db" | "clock">): Promise<number> {
  const waiting = await findPendingSubmissions(ctx.db, "auto", REVIEWS_PER_PASS);
  let decided = 0;
  for (const submission of waiting) {
    const documents = await findSubmissionDocuments(ctx.db, submission.id);
    const problem = await automatedProblem(ctx, submission, documents);
    try {
      await decideSubmission({
        ctx,
        submissionId: submission.id,
        decision: problem === null ? "approve" : "reject",
        reason: problem,
        decider: { actor: "automated" },
      });
      decided += 1;
    } catch (error) {
      // Decided meanwhile by another reviewer: nothing left to do for it.
      if (!(error instanceof AppError && error.code === "CONFLICT")) throw error;
    }
  }
  return decided;
}
