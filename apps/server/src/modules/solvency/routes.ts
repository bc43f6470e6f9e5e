import {
  apiPaths,
  resolveDepositBodySchema,
  resolvedDepositSchema,
  resumePayoutsBodySchema,
  solvencySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { staffActorOf } from "../../plugins/client.js";
import { signedIn } from "../../plugins/session.js";
import type { RelyingParty } from "../passkeys/index.js";
import { getSolvency } from "./get-solvency.js";
import { resolveDeposit } from "./resolve-deposit.js";
import { resumePayouts } from "./resume-payouts.js";

const tags = ["admin"];
// Any text: a txid or index that names no deposit is "not found" like any other.
const depositParams = z.object({ txid: z.string(), vout: z.string() });

/**
 * The watchdog's staff endpoints (under /api/admin: staff only, by plugins/staff-access.ts): its last
 * check, resuming payouts by hand, and resolving a reorganised deposit from the Books tab.
 */
export const solvencyRoutes: FastifyPluginAsyncZod<{
  ctx: { db: Db; clock: Clock; rp: RelyingParty };
}> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.solvency,
    {
      schema: {
        summary: "The solvency watchdog: liabilities against coins on the chain, problems, the pause",
        tags,
        response: { 200: solvencySchema },
      },
    },
    async () => getSolvency({ ctx }),
  );

  app.post(
    apiPaths.admin.solvencyResume,
    {
      schema: {
        summary:
          "Resume paused payouts by hand while the current problems stand (a reason is required); staff with a passkey sign this resumption (403 PASSKEY_REQUIRED first)",
        tags,
        body: resumePayoutsBodySchema,
        response: { 200: solvencySchema },
      },
    },
    async (request) =>
      resumePayouts({
        ctx,
        staff: staffActorOf(request),
        sessionId: signedIn(request).sessionId,
        reason: request.body.reason,
        approval: request.body.approval,
      }),
  );

  for (const [action, resolution] of [
    ["reverse", "reversed"],
    ["absorb", "absorbed"],
  ] as const) {
    app.post(
      `${apiPaths.admin.books}/deposits/:txid/:vout/${action}`,
      {
        schema: {
          summary:
            action === "reverse"
              ? "Reverse a reorganised deposit against its customer (told why); its coin is written off"
              : "Absorb a reorganised deposit: its hold released, its coin the bank's loss",
          tags,
          params: depositParams,
          body: resolveDepositBodySchema,
          response: { 200: resolvedDepositSchema },
        },
      },
      async (request) => ({
        deposit: await resolveDeposit({
          ctx,
          staff: staffActorOf(request),
          txid: request.params.txid,
          vout: request.params.vout,
          resolution,
          reason: request.body.reason,
        }),
      }),
    );
  }
};
