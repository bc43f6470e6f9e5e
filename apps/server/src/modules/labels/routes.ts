import {
  apiPaths,
  BIP329_IMPORT_MAX_BYTES,
  bip329ImportResultSchema,
  labelResponseSchema,
  setLabelBodySchema,
} from "@satsbank/shared";
import type { FastifyError } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimiter } from "../../adapters/rate-limit/limiter.js";
import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { csrfText, JSON_LINES_TYPES } from "../../plugins/csrf.js";
import { perCustomer } from "../../plugins/customer-limit.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import type { LabelsContext } from "./context.js";
import { BIP329_CONTENT_TYPE, exportLabels } from "./export-labels.js";
import { importLabels } from "./import-labels.js";
import { setAddressLabel } from "./set-address-label.js";

const tags = ["labels"];

export const bip329UploadText = {
  tooLarge: `A label file may be at most ${BIP329_IMPORT_MAX_BYTES / (1024 * 1024)} MB`,
  notUtf8: "The label file is not valid UTF-8 text.",
} as const;

/** The customer's labels: an address's label, and all of them as a BIP-329 file to export and import. */
export const labelRoutes: FastifyPluginAsyncZod<{ ctx: LabelsContext; limiter: RateLimiter }> = async (
  app,
  { ctx, limiter },
) => {
  app.addHook("preHandler", requireRole("customer"));

  // The file's text, read as strict UTF-8 (a leading byte order mark is dropped), up to the import's limit.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  app.addContentTypeParser(
    [...JSON_LINES_TYPES],
    { parseAs: "buffer", bodyLimit: BIP329_IMPORT_MAX_BYTES },
    (_request, body, done) => {
      try {
        done(null, decoder.decode(body as Buffer));
      } catch {
        done(new AppError("BAD_REQUEST", bip329UploadText.notUtf8), undefined);
      }
    },
  );

  app.put(
    // apiPaths.labels.address(address) builds this URL.
    "/api/labels/addresses/:address",
    {
      schema: {
        summary: "The customer's label on one of their deposit addresses or their connected wallet's address",
        tags,
        params: z.object({ address: z.string() }),
        body: setLabelBodySchema,
        response: { 200: labelResponseSchema },
      },
    },
    async (request) =>
      setAddressLabel({ ctx, userId: signedIn(request).user.id, ...request.params, ...request.body }),
  );

  app.get(
    apiPaths.labels.bip329,
    { schema: { summary: "The customer's labels as a BIP-329 file (JSON Lines)", tags } },
    async (request, reply) => {
      const { fileName, text } = await exportLabels({ ctx, userId: signedIn(request).user.id });
      return reply
        .header("content-type", BIP329_CONTENT_TYPE)
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .send(text);
    },
  );

  app.post(
    apiPaths.labels.bip329,
    {
      // The CSRF check lets JSON Lines through to this route only (plugins/csrf.ts).
      config: { acceptsJsonLines: true },
      preHandler: perCustomer(limiter, rateLimitRules.labelImportsPerCustomer),
      // Above the limit the body is not read: a 413 that says how large a file may be.
      errorHandler: (error: FastifyError) => {
        if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
          throw new AppError("PAYLOAD_TOO_LARGE", bip329UploadText.tooLarge);
        throw error;
      },
      schema: {
        summary: "Merge a BIP-329 file (its text, as application/jsonl) into the customer's labels",
        tags,
        consumes: JSON_LINES_TYPES,
        response: { 200: bip329ImportResultSchema },
      },
    },
    async (request) => {
      const user = signedIn(request).user;
      // A JSON body passes the CSRF check too, and a JSON string would parse to text: refused by its type.
      const type = (request.headers["content-type"] ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
      if (!JSON_LINES_TYPES.includes(type))
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", csrfText.notJsonLines);
      // An empty file has no body at all: no lines, nothing to merge.
      const text = typeof request.body === "string" ? request.body : "";
      return importLabels({ ctx, userId: user.id, text });
    },
  );
};
