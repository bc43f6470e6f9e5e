import { type AdminKycItem, type KycDocumentKind, type KycItemId, kycItemIdSchema } from "@satsbank/shared";
import type { Db } from "../../db/client.js";
import { levelOf, type VerificationLevel } from "../../domain/kyc.js";
import { findItems, findSubmissionDocuments, type KycDocumentRow } from "./queries.js";
import { toAdminKycDocument, toKycItem } from "./views.js";

/** The documents that back each item: the identity document and the selfie taken against it, and so on. */
const itemDocumentKinds = {
  identity: ["identity", "selfie"],
  address: ["address"],
  enhanced: ["source_of_funds"],
} as const satisfies Record<KycItemId, readonly KycDocumentKind[]>;

/**
 * A customer's verification as staff see it (User Details): the level, and each item with the documents
 * of the submission that set it.
 */
export async function staffKycView(
  db: Db,
  userId: string,
): Promise<{ level: VerificationLevel; items: AdminKycItem[] }> {
  const rows = new Map((await findItems(db, userId)).map((row) => [row.item, row]));
  const documents = new Map<string, KycDocumentRow[]>();
  for (const row of rows.values()) {
    if (row.submissionId !== null && !documents.has(row.submissionId)) {
      documents.set(row.submissionId, await findSubmissionDocuments(db, row.submissionId));
    }
  }
  const states = Object.fromEntries([...rows].map(([item, row]) => [item, row.status]));
  return {
    level: levelOf(states),
    items: kycItemIdSchema.options.map((item) => {
      const row = rows.get(item);
      const submitted = row?.submissionId == null ? [] : (documents.get(row.submissionId) ?? []);
      const kinds: readonly KycDocumentKind[] = itemDocumentKinds[item];
      return {
        ...toKycItem(item, row),
        documents: submitted.filter((document) => kinds.includes(document.kind)).map(toAdminKycDocument),
      };
    }),
  };
}
