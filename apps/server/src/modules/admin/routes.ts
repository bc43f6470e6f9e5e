import { apiPaths, ledgerHealthSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { requireRole } from "../../plugins/session.js";
import { ledgerHealth } from "./ledger-health.js";

const tags = ["admin"];

/** Staff only ("Super Admin"): every route checks the role on the server. */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: { db: Db; clock: Clock } }> = async (app, { ctx }) => {
  app.addHook("preHandler", requireRole("admin"));

  app.get(
    apiPaths.admin.ledgerHealth,
    {
      schema: {
        summary: "Check the books: they sum to zero, no customer is negative, balances equal their transfers",
        tags,
        response: { 200: ledgerHealthSchema },
      },
    },
    async () => ledgerHealth({ ctx }),
  );
};
