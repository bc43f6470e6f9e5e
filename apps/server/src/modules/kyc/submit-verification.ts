import { randomUUID } from "node:crypto";
import type { KycSubmission, KycSubmissionBody } from "@satsbank/shared";
import { inDbTransaction } from "../../db/db-transaction.js";
import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import { notify } from "../notifications/index.js";
import { changeItems, type ItemChange } from "./change-items.js";
import type { KycContext } from "./context.js";
import {
  attachDocuments,
  insertSubmission,
  type KycDocumentRow,
  lockDocuments,
  lockItems,
} from "./queries.js";
import { toKycSubmission } from "./views.js";

export const kycSubmitErrors = {
  alreadyVerified: "Your identity and address are already verified.",
  alreadyPending: "Your documents are being reviewed: you will be told as soon as they are.",
  needsBasic: "Verify your identity and address first.",
  enhancedVerified: "Your enhanced verification is already complete.",
  wrongDocument:
    "A document of this submission is not one of your uploads for its step, or was submitted already.",
} as const;

const conflict = (text: string) => new AppError("CONFLICT", text);

/** The documents the body names, each the customer's, of its step's kind, and not submitted before. */
function pick(
  documents: readonly KycDocumentRow[],
  wanted: ReadonlyArray<readonly [id: string, kind: KycDocumentRow["kind"]]>,
): KycDocumentRow[] {
  return wanted.map(([id, kind]) => {
    const document = documents.find((row) => row.id === id);
    if (document === undefined || document.kind !== kind || document.submissionId !== null) {
      throw new AppError("VALIDATION_ERROR", kycSubmitErrors.wrongDocument);
    }
    return document;
  });
}

/**
 * Submits the customer's uploads for review, in one db transaction with their items locked: the basic
 * level (identity, address, selfie) makes identity and address pending; the enhanced level (source of
 * funds and its document) makes enhanced pending. Refused while the same level is pending or verified.
 * The submission is reviewed by the automated checks (KYC_REVIEW=auto) or by staff (manual).
 */
export async function submitVerification({
  ctx,
  customer,
  body,
}: {
  ctx: Pick<KycContext, "db" | "clock" | "reviewMode">;
  customer: Pick<User, "id">;
  body: KycSubmissionBody;
}): Promise<KycSubmission> {
  return inDbTransaction(ctx.db, async (db) => {
    const at = ctx.clock.now();
    const items = await lockItems(db, customer.id, at);
    const status = (item: "identity" | "address" | "enhanced") => items.get(item)?.status ?? "required";
    const id = randomUUID();
    let changes: ItemChange[];
    let documentIds: string[];
    if (body.level === "basic") {
      if (status("identity") === "verified" && status("address") === "verified")
        throw conflict(kycSubmitErrors.alreadyVerified);
      if (status("identity") === "pending" || status("address") === "pending")
        throw conflict(kycSubmitErrors.alreadyPending);
      const wanted = [
        [body.identityDocumentId, "identity"],
        [body.addressDocumentId, "address"],
        [body.selfieDocumentId, "selfie"],
      ] as const;
      const [identity] = pick(
        await lockDocuments(
          db,
          customer.id,
          wanted.map(([doc]) => doc),
        ),
        wanted,
      );
      documentIds = wanted.map(([doc]) => doc);
      changes = [
        {
          item: "identity",
          to: "pending",
          documentType: identity?.documentType ?? null,
          submittedAt: at,
          message: null,
        },
        { item: "address", to: "pending", documentType: "proof_of_address", submittedAt: at, message: null },
      ];
    } else {
      if (status("identity") !== "verified" || status("address") !== "verified")
        throw conflict(kycSubmitErrors.needsBasic);
      if (status("enhanced") === "verified") throw conflict(kycSubmitErrors.enhancedVerified);
      if (status("enhanced") === "pending") throw conflict(kycSubmitErrors.alreadyPending);
      pick(await lockDocuments(db, customer.id, [body.documentId]), [[body.documentId, "source_of_funds"]]);
      documentIds = [body.documentId];
      changes = [
        { item: "enhanced", to: "pending", documentType: "source_of_funds", submittedAt: at, message: null },
      ];
    }
    const row = {
      id,
      userId: customer.id,
      level: body.level,
      status: "pending" as const,
      reviewMode: ctx.reviewMode,
      sourceOfFunds: body.level === "enhanced" ? body.sourceOfFunds : null,
      submittedAt: at,
      decidedAt: null,
      decidedBy: null,
      reason: null,
    };
    await insertSubmission(db, row);
    await attachDocuments(db, documentIds, id);
    await changeItems(db, {
      userId: customer.id,
      current: items,
      changes,
      actor: "customer",
      submissionId: id,
      at,
    });
    await notify(db, {
      userId: customer.id,
      kind: "verification",
      status: "pending",
      title: "Verification submitted",
      message: "We received your documents and are reviewing them. Verification typically takes 24-48 hours.",
      at,
    });
    return toKycSubmission(row);
  });
}
