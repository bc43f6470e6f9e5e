import {
  apiPaths,
  epochListSchema,
  epochProofSchema,
  epochSummarySchema,
  myLeafSchema,
  refillSignaturesBodySchema,
  reservesSignaturesResponseSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActorOf } from "../../plugins/client.js";
import { psbtFormatQuery, sendPsbtFile } from "../../plugins/psbt-file.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import { buildEpoch } from "./build-epoch.js";
import type { ProofContext } from "./context.js";
import { epochNumber, getEpochProof, getMyLeaf, listEpochs } from "./get-proof.js";
import { reservesPsbtFile, uploadReservesSignatures } from "./reserves.js";

/** `POST`: staff build an epoch now (staff only, as everything under /api/admin; audited). */
export const BUILD_EPOCH_PATH = apiPaths.adminProof.epochs;

const tags = ["proof"];
// Any text: what is not an epoch's number is "not found" like an epoch that does not exist.
const epochParams = z.object({ epoch: z.string() });

/**
 * Proof of reserves (issue 23): the epochs and their signed roots (public, no session), a customer's own
 * leaf and path (signed-in customers), and an epoch built on demand by staff.
 */
export const proofRoutes: FastifyPluginAsyncZod<{ ctx: ProofContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.proof.epochs,
    {
      schema: {
        summary: "The proof-of-reserves epochs, newest first",
        tags,
        response: { 200: epochListSchema },
      },
    },
    async () => listEpochs(ctx),
  );

  app.get(
    `${apiPaths.proof.epochs}/:epoch`,
    {
      schema: {
        summary: "An epoch's signed root, the bank's public key and the tree's depth (404 for no such epoch)",
        tags,
        params: epochParams,
        response: { 200: epochProofSchema },
      },
    },
    async (request) => getEpochProof(ctx, request.params.epoch),
  );

  app.get(
    `${apiPaths.proof.epochs}/:epoch/me`,
    {
      preHandler: requireRole("customer"),
      schema: {
        summary: "The signed-in customer's own leaf in the epoch and its path to the root (404 when none)",
        tags,
        params: epochParams,
        response: { 200: myLeafSchema },
      },
    },
    async (request) => getMyLeaf(ctx, request.params.epoch, signedIn(request).user.id),
  );

  app.post(
    BUILD_EPOCH_PATH,
    {
      schema: {
        summary: "Build a proof-of-reserves epoch now: every customer balance in one snapshot (audited)",
        tags: ["admin"],
        response: { 201: epochSummarySchema },
      },
    },
    async (request, reply) => reply.code(201).send(await buildEpoch(ctx, staffActorOf(request))),
  );

  app.get(
    `${apiPaths.adminProof.epochs}/:epoch/reserves/psbt`,
    {
      schema: {
        summary:
          "The epoch's reserves proof as a PSBT for the vault's key holders (binary, or ?format=base64)",
        tags: ["admin"],
        params: epochParams,
        querystring: psbtFormatQuery,
        produces: ["application/octet-stream", "text/plain"],
      },
    },
    async (request, reply) => {
      const file = await reservesPsbtFile(ctx, epochNumber(request.params.epoch));
      return sendPsbtFile(reply, file, request.query.format);
    },
  );

  app.post(
    `${apiPaths.adminProof.epochs}/:epoch/reserves/signatures`,
    {
      schema: {
        summary:
          "Upload a key holder's signed PSBT of the reserves proof: valid vault signatures are kept (audited)",
        tags: ["admin"],
        params: epochParams,
        body: refillSignaturesBodySchema,
        response: { 200: reservesSignaturesResponseSchema },
      },
    },
    async (request) => {
      const { status, verdict } = await uploadReservesSignatures({
        ctx,
        staff: staffActorOf(request),
        epoch: epochNumber(request.params.epoch),
        psbt: request.body.psbt,
      });
      return { status, ...verdict };
    },
  );
};
