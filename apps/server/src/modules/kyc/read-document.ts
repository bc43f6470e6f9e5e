import { AppError } from "../../domain/app-error.js";
import { isUuid } from "../../domain/history.js";
import type { User } from "../../domain/user.js";
import type { KycContext } from "./context.js";
import { findDocument } from "./queries.js";

export const documentNotFoundText = "Document not found";

export type DocumentFile = { bytes: Uint8Array; contentType: string; fileName: string };

/**
 * An uploaded file, for its owner or for staff; anyone else gets "not found", exactly like a document
 * that does not exist, so the answer never tells that an id is someone else's.
 */
export async function readDocument({
  ctx,
  reader,
  documentId,
}: {
  ctx: Pick<KycContext, "db" | "storage">;
  reader: Pick<User, "id" | "role">;
  documentId: string;
}): Promise<DocumentFile> {
  const canonical = documentId.toLowerCase();
  const row = isUuid(canonical) ? await findDocument(ctx.db, canonical) : undefined;
  if (row === undefined || (row.userId !== reader.id && reader.role !== "admin")) {
    throw new AppError("NOT_FOUND", documentNotFoundText);
  }
  const bytes = await ctx.storage.get(row.storageKey);
  if (bytes === null) throw new Error(`The stored file of document ${row.id} is missing`);
  return { bytes, contentType: row.contentType, fileName: row.fileName };
}
