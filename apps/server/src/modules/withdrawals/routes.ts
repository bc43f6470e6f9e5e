import { transactionResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import { toTransaction } from "../transactions/index.js";
import { cancelWithdrawal } from "./cancel-withdrawal.js";

/** The customer's own withdrawals: cancelling one that is held or waits for staff. */
export const withdrawalRoutes: FastifyPluginAsyncZod<{ ctx: { db: Db; clock: Clock } }> = async (
  app,
  { ctx },
) => {
  app.post(
    // apiPaths.wallet.cancelWithdrawal(transactionId) builds this URL.
    "/api/wallet/withdrawals/:transactionId/cancel",
    {
      preHandler: requireRole("customer"),
      schema: {
        summary: "Cancel a withdrawal still held or waiting for approval: the amount and fee come back",
        tags: ["wallet"],
        params: z.object({ transactionId: z.string() }),
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => ({
      transaction: toTransaction(
        await cancelWithdrawal({
          ctx,
          userId: signedIn(request).user.id,
          transactionId: request.params.transactionId,
        }),
      ),
    }),
  );
};
