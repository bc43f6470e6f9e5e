import { Readable } from "node:stream";
import {
  adminTransactionFiltersSchema,
  adminTransactionPageSchema,
  apiPaths,
  listAdminTransactionsQuerySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { staffActorOf } from "../../plugins/client.js";
import type { AdminContext } from "./context.js";
import { exportTransactionsCsv } from "./export-transactions.js";
import { listAdminTransactions } from "./list-transactions.js";

const tags = ["admin"];

/** Transaction History: every customer's transactions, and their CSV export. */
export const transactionsRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.transactions,
    {
      schema: {
        summary: "Transaction History: every customer's transactions, filtered and searched, keyset pages",
        tags,
        querystring: listAdminTransactionsQuerySchema,
        response: { 200: adminTransactionPageSchema },
      },
    },
    async (request) => listAdminTransactions({ ctx, query: request.query }),
  );

  app.get(
    apiPaths.admin.transactionsExport,
    {
      schema: {
        summary: "The filtered Transaction History as a CSV attachment, streamed (the export is audited)",
        tags,
        querystring: adminTransactionFiltersSchema,
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const { fileName, lines } = await exportTransactionsCsv({
        ctx,
        staff: staffActorOf(request),
        filters: request.query,
      });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("x-content-type-options", "nosniff")
        .send(Readable.from(lines));
    },
  );
};
