import { apiPaths, statementMonthSchema, statementQuerySchema, statementSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireRole, signedIn } from "../../plugins/session.js";
import { getStatement, type StatementContext } from "./get-statement.js";

/** The signed-in customer's monthly statement. */
export const statementRoutes: FastifyPluginAsyncZod<{ ctx: StatementContext }> = async (app, { ctx }) => {
  app.addHook("preHandler", requireRole("customer"));

  app.get(
    // apiPaths.statements.month(month) builds this URL (it encodes the month, so it cannot write ":month").
    `${apiPaths.statements.month("")}:month`,
    {
      schema: {
        summary: "The customer's statement of a month in their time zone: balances, every posting, fees",
        tags: ["statements"],
        params: z.object({ month: statementMonthSchema }),
        querystring: statementQuerySchema,
        response: { 200: statementSchema },
      },
    },
    async (request) =>
      getStatement({
        ctx,
        userId: signedIn(request).user.id,
        month: request.params.month,
        timeZone: request.query.timeZone,
      }),
  );
};
