import { kycAcceptedFormats } from "@satsbank/shared";
import type { KycContext } from "./context.js";
import { DocumentRefused, inspectDocument } from "./inspect-document.js";
import { findUnmeasuredDocuments, type KycDocumentRow, measureDocument } from "./queries.js";

/** How many older documents one pass reads: a pass stays short, the backlog goes down steadily. */
const DOCUMENTS_PER_PASS = 50;

export type MeasuredReport = {
  measured: number;
  unreadable: number;
  /** Where the next pass goes on from: the last document read, or null to start again from the oldest. */
  next: Pick<KycDocumentRow, "uploadedAt" | "id"> | null;
};

/**
 * Documents uploaded before uploads were measured (no content hash: before migration 0026) are read
 * from storage and measured as an upload is today: the content hash, and for an image its perceptual hash
 * and grey levels; a PDF is stored again without its active content (the file as uploaded is replaced,
 * as an upload's is today). Without this, the automated review would ask their customers to upload them
 * again and could not see another customer's older document in a new one. A file that cannot be read stays
 * unmeasured (the review then calls it unreadable, as before): the passes page past it with `after`, and
 * read it again once they reach the end and start over (its storage may answer by then). Oldest first, at
 * most `limit` files per pass.
 */
export async function measureOlderDocuments(
  ctx: Pick<KycContext, "db" | "storage">,
  { after = null, limit = DOCUMENTS_PER_PASS }: { after?: MeasuredReport["next"]; limit?: number } = {},
): Promise<MeasuredReport> {
  const documents = await findUnmeasuredDocuments(ctx.db, { after, limit });
  const last = documents.at(-1);
  const report: MeasuredReport = {
    measured: 0,
    unreadable: 0,
    next:
      documents.length < limit || last === undefined ? null : { uploadedAt: last.uploadedAt, id: last.id },
  };
  for (const document of documents) {
    const bytes = await ctx.storage.get(document.storageKey);
    const inspected =
      bytes === null
        ? null
        : await inspectDocument(bytes, kycAcceptedFormats[document.kind]).catch((error: unknown) => {
            if (error instanceof DocumentRefused) return null;
            throw error;
          });
    if (inspected === null) {
      report.unreadable += 1;
      continue;
    }
    const cleanedPdf =
      inspected.format === "pdf" && Buffer.compare(inspected.bytes, bytes as Uint8Array) !== 0;
    const storageKey = cleanedPdf
      ? await ctx.storage.put(inspected.bytes, inspected.contentType)
      : document.storageKey;
    await measureDocument(ctx.db, document.id, {
      storageKey,
      contentSha256: inspected.contentSha256,
      perceptualHash: inspected.perceptualHash,
      greyStdev: inspected.greyStdev,
    });
    if (cleanedPdf) await ctx.storage.delete(document.storageKey);
    report.measured += 1;
  }
  return report;
}
