import multipart, { type MultipartFile } from "@fastify/multipart";
import {
  apiPaths,
  KYC_MAX_FILE_BYTES,
  kycDecisionBodySchema,
  kycDocumentResponseSchema,
  kycOverviewSchema,
  kycSubmissionBodySchema,
  kycSubmissionResponseSchema,
  kycUploadErrors,
  kycUploadFieldsSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimiter } from "../../adapters/rate-limit/limiter.js";
import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { staffActorOf } from "../../plugins/client.js";
import { perCustomer } from "../../plugins/customer-limit.js";
import { contentSecurityPolicy } from "../../plugins/security-headers.js";
import { requireAuth, requireRole, signedIn } from "../../plugins/session.js";
import { assertStaffTwoFactor } from "../../plugins/staff-access.js";
import type { KycContext } from "./context.js";
import { decideSubmission } from "./decide-submission.js";
import { getKycOverview } from "./get-overview.js";
import { readDocument } from "./read-document.js";
import { submitVerification } from "./submit-verification.js";
import { uploadDocument } from "./upload-document.js";

const tags = ["kyc"];

export const uploadText = {
  noFile: "Choose a file to upload.",
  oneFile: "Upload one file at a time.",
  fieldsFirst: "Send the form's fields before its file.",
} as const;

/**
 * The policy a document's file is served with: the app's own, and `sandbox`. Opened in a tab after all,
 * the file is a unique origin without scripts, forms, plugins or pop-ups (a PDF's JavaScript).
 */
export const DOCUMENT_CSP = [
  ...Object.entries(contentSecurityPolicy).map(([name, sources]) => `${name} ${sources.join(" ")}`),
  "sandbox",
].join(";");

/** The text fields sent before the file, as one object (a field sent twice is refused). */
function fieldsOf(file: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(file.fields)) {
    if (value === undefined || Array.isArray(value) || value.type !== "field") continue;
    fields[name] = String(value.value);
  }
  return fields;
}

/** The whole file, or a 413 (the multipart limit stops reading at 5 MB: nothing more is kept). */
async function readFile(file: MultipartFile): Promise<Uint8Array> {
  try {
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", kycUploadErrors.tooLarge, { file: kycUploadErrors.tooLarge });
    }
    throw error;
  }
}

export type KycRoutesOptions = {
  ctx: KycContext;
  limiter: RateLimiter;
  /** Asks for the automated review of new submissions now (KYC_REVIEW=auto); the worker sweeps too. */
  reviewSoon: () => void;
};

/**
 * Identity checks: the customer's overview, uploads (multipart, one file a request, at most 5 MB), their
 * files (owner or staff, as attachments), submissions; and the staff's decision on a submission.
 */
export const kycRoutes: FastifyPluginAsyncZod<KycRoutesOptions> = async (
  app,
  { ctx, limiter, reviewSoon },
) => {
  await app.register(multipart, {
    limits: { fileSize: KYC_MAX_FILE_BYTES, files: 1, fields: 5, fieldSize: 200, parts: 6, headerPairs: 50 },
  });
  const customersOnly = { preHandler: requireRole("customer") };

  app.get(
    apiPaths.kyc.overview,
    {
      ...customersOnly,
      schema: {
        summary: "The customer's verification: level, items, submissions, uploads not yet submitted",
        tags,
        response: { 200: kycOverviewSchema },
      },
    },
    async (request) => getKycOverview({ ctx, customer: signedIn(request).user }),
  );

  app.post(
    apiPaths.kyc.documents,
    {
      preHandler: [requireRole("customer"), perCustomer(limiter, rateLimitRules.kycUploadsPerCustomer)],
      config: { acceptsMultipart: true },
      schema: {
        summary: "Upload one document (multipart: kind, documentType or documentDate, then the file)",
        tags,
        consumes: ["multipart/form-data"],
        response: { 201: kycDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", uploadText.noFile);
      const file = await request.file();
      if (file === undefined)
        throw new AppError("VALIDATION_ERROR", uploadText.noFile, { file: uploadText.noFile });
      const bytes = await readFile(file);
      const fields = kycUploadFieldsSchema.safeParse(fieldsOf(file));
      if (!fields.success) {
        const issue = fields.error.issues[0];
        const field = String(issue?.path[0] ?? "kind");
        throw new AppError("VALIDATION_ERROR", issue?.message ?? "Invalid form", {
          [field]: issue?.message ?? "",
        });
      }
      const document = await uploadDocument({
        ctx,
        customer: signedIn(request).user,
        fields: fields.data,
        file: { bytes, fileName: file.filename },
      });
      return reply.code(201).send({ document });
    },
  );

  app.get(
    `${apiPaths.kyc.documents}/:documentId`,
    {
      preHandler: [
        requireAuth,
        // Staff read customers' documents here: in production only with an authenticator app.
        async (request) => {
          if (signedIn(request).user.role === "admin") assertStaffTwoFactor(request);
        },
      ],
      schema: {
        summary: "A document's file, to its owner and to staff only, as an attachment",
        tags,
        params: z.object({ documentId: z.string() }),
      },
    },
    async (request, reply) => {
      const file = await readDocument({
        ctx,
        reader: signedIn(request).user,
        documentId: request.params.documentId,
      });
      const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return reply
        .header("content-type", file.contentType)
        .header(
          "content-disposition",
          `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", DOCUMENT_CSP)
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    apiPaths.kyc.submissions,
    {
      ...customersOnly,
      schema: {
        summary: "Submit the uploaded documents for review (basic: identity, address, selfie; or enhanced)",
        tags,
        body: kycSubmissionBodySchema,
        response: { 201: kycSubmissionResponseSchema },
      },
    },
    async (request, reply) => {
      const submission = await submitVerification({
        ctx,
        customer: signedIn(request).user,
        body: request.body,
      });
      if (ctx.reviewMode === "auto") reviewSoon();
      return reply.code(201).send({ submission });
    },
  );

  app.post(
    "/api/admin/kyc/submissions/:submissionId/decision",
    {
      preHandler: requireRole("admin"),
      schema: {
        summary: "Staff: approve or reject a pending submission, with a reason the customer reads",
        tags: ["admin"],
        params: z.object({ submissionId: z.uuid() }),
        body: kycDecisionBodySchema,
        response: { 200: kycSubmissionResponseSchema },
      },
    },
    async (request) => ({
      submission: await decideSubmission({
        ctx,
        submissionId: request.params.submissionId,
        decision: request.body.decision,
        reason: request.body.reason?.trim() || null,
        decider: { actor: "staff", staff: staffActorOf(request) },
      }),
    }),
  );
};
