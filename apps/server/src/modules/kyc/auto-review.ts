import { AppError } from "../../domain/app-error.js";
import type { KycContext } from "./context.js";
import { decideSubmission } from "./decide-submission.js";
import {
  countDocumentsOfOthers,
  findPendingSubmissions,
  findSubmissionDocuments,
  type KycDocumentRow,
} from "./queries.js";

/** The smallest document image the automated review reads: 600 by 400 pixels (either way round). */
export const MIN_DOCUMENT_PIXELS = { long: 600, short: 400 } as const;

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
} as const;

const REVIEWS_PER_PASS = 20;

/**
 * The automated checks of one submission's documents: each decodes (recorded at upload: a format, and a
 * size or pages), an image is at least 600x400, a PDF has pages, no document is another customer's (by
 * hash), and the selfie is not one of the documents. The first failing rule's reason, or null to approve.
 */
export async function automatedProblem(
  ctx: Pick<KycContext, "db">,
  submission: { userId: string; level: "basic" | "enhanced" },
  documents: readonly KycDocumentRow[],
): Promise<string | null> {
  const expected = submission.level === "basic" ? 3 : 1;
  if (documents.length !== expected) return autoReviewReasons.missing;
  for (const document of documents) {
    if (document.format === "pdf") {
      if ((document.pages ?? 0) < 1) return autoReviewReasons.noPages;
      continue;
    }
    if (document.width === null || document.height === null) return autoReviewReasons.unreadable;
    const long = Math.max(document.width, document.height);
    const short = Math.min(document.width, document.height);
    if (long < MIN_DOCUMENT_PIXELS.long || short < MIN_DOCUMENT_PIXELS.short)
      return autoReviewReasons.tooSmall;
  }
  const hashes = documents.map((document) => document.sha256);
  if ((await countDocumentsOfOthers(ctx.db, submission.userId, hashes)) > 0)
    return autoReviewReasons.usedElsewhere;
  const selfie = documents.find((document) => document.kind === "selfie");
  if (selfie !== undefined && documents.some((d) => d.kind !== "selfie" && d.sha256 === selfie.sha256)) {
    return autoReviewReasons.selfieIsDocument;
  }
  return null;
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
