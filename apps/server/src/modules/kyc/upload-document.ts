import { randomUUID } from "node:crypto";
import {
  type KycDocument,
  type KycUploadFields,
  kycAcceptedFormats,
  kycUploadErrors,
  withoutHostileCharacters,
} from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { documentDateProblem } from "../../domain/kyc.js";
import type { User } from "../../domain/user.js";
import type { KycContext } from "./context.js";
import { DocumentRefused, inspectDocument } from "./inspect-document.js";
import { insertDocument } from "./queries.js";
import { toKycDocument } from "./views.js";

const fileProblem = (text: string) => new AppError("VALIDATION_ERROR", text, { file: text });

/**
 * A file's name as the customer's device had it, for display only: the last path segment, control
 * characters and bidirectional overrides removed, at most 200 characters. Never used to store or serve.
 */
export function displayName(name: string | undefined): string {
  const last = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = withoutHostileCharacters(last).trim();
  return (clean || "document").slice(0, 200);
}

/** The fields each kind of upload needs, read against today (the proof of address's date). */
function checkFields(fields: KycUploadFields, today: Date): void {
  if (fields.kind === "identity" && fields.documentType === undefined) {
    throw new AppError("VALIDATION_ERROR", kycUploadErrors.missingDocumentType, {
      documentType: kycUploadErrors.missingDocumentType,
    });
  }
  if (fields.kind !== "address") return;
  if (fields.documentDate === undefined) {
    throw new AppError("VALIDATION_ERROR", kycUploadErrors.missingDocumentDate, {
      documentDate: kycUploadErrors.missingDocumentDate,
    });
  }
  const problem = documentDateProblem(fields.documentDate, today);
  if (problem !== null) {
    const text =
      problem === "tooOld" ? kycUploadErrors.documentDateTooOld : kycUploadErrors.documentDateInFuture;
    throw new AppError("VALIDATION_ERROR", text, { documentDate: text });
  }
}

/**
 * One uploaded file of the customer's: its fields checked, its type read from its content (never its name
 * or the browser's claim), images re-encoded without their metadata and measured, PDFs checked to parse
 * and stripped of their active content, its hashes recorded; stored under a random key, then recorded. A refused file keeps nothing; a stored file whose
 * record fails is deleted again.
 */
export async function uploadDocument({
  ctx,
  customer,
  fields,
  file,
}: {
  ctx: Pick<KycContext, "db" | "clock" | "storage">;
  customer: Pick<User, "id">;
  fields: KycUploadFields;
  file: { bytes: Uint8Array; fileName: string | undefined };
}): Promise<KycDocument> {
  const at = ctx.clock.now();
  checkFields(fields, at);
  let inspected: Awaited<ReturnType<typeof inspectDocument>>;
  try {
    inspected = await inspectDocument(file.bytes, kycAcceptedFormats[fields.kind]);
  } catch (error) {
    if (!(error instanceof DocumentRefused)) throw error;
    if (error.reason === "tooLarge")
      throw new AppError("PAYLOAD_TOO_LARGE", error.message, { file: error.message });
    throw fileProblem(error.message);
  }
  const storageKey = await ctx.storage.put(inspected.bytes, inspected.contentType);
  const row = {
    id: randomUUID(),
    userId: customer.id,
    kind: fields.kind,
    documentType: fields.kind === "identity" ? (fields.documentType ?? null) : null,
    documentDate: fields.kind === "address" ? (fields.documentDate ?? null) : null,
    fileName: displayName(file.fileName),
    format: inspected.format,
    contentType: inspected.contentType,
    sizeBytes: file.bytes.byteLength,
    sha256: inspected.sha256,
    contentSha256: inspected.contentSha256,
    perceptualHash: inspected.perceptualHash,
    greyStdev: inspected.greyStdev,
    width: inspected.width,
    height: inspected.height,
    pages: inspected.pages,
    storageKey,
    submissionId: null,
    uploadedAt: at,
  };
  try {
    await insertDocument(ctx.db, row);
  } catch (error) {
    await ctx.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  return toKycDocument(row);
}
