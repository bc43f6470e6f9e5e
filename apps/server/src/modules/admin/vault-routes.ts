import {
  apiPaths,
  cancelRefillBodySchema,
  refillSignaturesBodySchema,
  refillSignaturesResponseSchema,
  startRefillBodySchema,
  vaultOverviewSchema,
  vaultRefillResponseSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActorOf } from "../../plugins/client.js";
import { psbtFormatQuery, sendPsbtFile } from "../../plugins/psbt-file.js";
import {
  cancelRefill,
  getRefill,
  getVault,
  refillPsbtFile,
  startRefill,
  uploadRefillSignatures,
} from "../vault/index.js";
import type { AdminContext } from "./context.js";

const tags = ["admin"];
// Any text: an id that is not a UUID is "not found" like any other unknown id.
const refillParams = z.object({ refillId: z.string() });
const refill = `${apiPaths.admin.vaultRefills}/:refillId`;

/**
 * Vault: the cold vault, the hot wallet against its max and target, sweeps and refills. A refill is a PSBT
 * staff start, download for the key holders, upload signed (one PSBT per key holder, or one with both), or
 * cancel; each step is audited with who did it. Without a vault (COLD_VAULT_DESCRIPTOR), the tab says so
 * and every action answers 409.
 */
export const vaultRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  const vault = ctx.vault;

  app.get(
    apiPaths.admin.vault,
    {
      schema: {
        summary: "Vault: the descriptor, the vault's coins, the hot wallet's max and target, refills, sweeps",
        tags,
        response: { 200: vaultOverviewSchema },
      },
    },
    async () => getVault({ ctx: vault }),
  );

  app.post(
    apiPaths.admin.vaultRefills,
    {
      schema: {
        summary: "Start a refill from the vault to the hot wallet: the unsigned PSBT, its coins locked",
        tags,
        body: startRefillBodySchema,
        response: { 201: vaultRefillResponseSchema },
      },
    },
    async (request, reply) => {
      const made = await startRefill({
        ctx: vault,
        staff: staffActorOf(request),
        amountSats: BigInt(request.body.amountSats),
        reason: request.body.reason,
      });
      return reply.code(201).send({ refill: made });
    },
  );

  app.get(
    refill,
    {
      schema: {
        summary: "One refill: its inputs and who signed them, its status",
        tags,
        params: refillParams,
        response: { 200: vaultRefillResponseSchema },
      },
    },
    async (request) => ({ refill: await getRefill({ ctx: vault, refillId: request.params.refillId }) }),
  );

  app.get(
    `${refill}/psbt`,
    {
      schema: {
        summary:
          "The refill's PSBT to sign, as an attachment: binary .psbt (BIP-174), or base64 text with ?format=base64",
        tags,
        params: refillParams,
        querystring: psbtFormatQuery,
        produces: ["application/octet-stream", "text/plain"],
      },
    },
    async (request, reply) => {
      const file = await refillPsbtFile({ ctx: vault, refillId: request.params.refillId });
      return sendPsbtFile(reply, file, request.query.format);
    },
  );

  app.post(
    `${refill}/signatures`,
    {
      schema: {
        summary:
          "Upload a signed PSBT (base64): its valid vault signatures are kept; two per input finalise and broadcast",
        tags,
        params: refillParams,
        body: refillSignaturesBodySchema,
        response: { 200: refillSignaturesResponseSchema },
      },
    },
    async (request) =>
      uploadRefillSignatures({
        ctx: vault,
        staff: staffActorOf(request),
        refillId: request.params.refillId,
        psbt: request.body.psbt,
      }),
  );

  app.post(
    `${refill}/cancel`,
    {
      schema: {
        summary: "Cancel a refill waiting for signatures: its coins are free again",
        tags,
        params: refillParams,
        body: cancelRefillBodySchema,
        response: { 200: vaultRefillResponseSchema },
      },
    },
    async (request) => ({
      refill: await cancelRefill({
        ctx: vault,
        staff: staffActorOf(request),
        refillId: request.params.refillId,
        reason: request.body.reason,
      }),
    }),
  );
};
