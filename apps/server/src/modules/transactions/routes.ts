import { Readable } from "node:stream";
import {
  apiPaths,
  exportTransactionsQuerySchema,
  labelResponseSchema,
  listTransactionsQuerySchema,
  receiptSchema,
  setLabelBodySchema,
  transactionPageSchema,
  transactionResponseSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../../adapters/clock.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import type { ReceiptContext } from "./context.js";
import { exportHistory } from "./export-transactions.js";
import { getReceipt } from "./get-receipt.js";
import { getTransaction } from "./get-transaction.js";
import { listTransactions } from "./list-transactions.js";
import { setTransactionLabel } from "./set-label.js";

const tags = ["transactions"];

/**
 * The signed-in customer's history: a page at a time, the whole of it as a file, or one transaction and its
 * signed receipt.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ ctx: ReceiptContext & { clock: Clock } }> = async (
  app,
  { ctx },
) => {
  app.addHook("preHandler", requireRole("customer"));

  app.get(
    apiPaths.transactions.list,
    {
      schema: {
        summary: "The customer's transactions, newest first: filter, search and keyset pages",
        tags,
        querystring: listTransactionsQuerySchema,
        response: { 200: transactionPageSchema },
      },
    },
    async (request) => listTransactions({ ctx, userId: signedIn(request).user.id, ...request.query }),
  );

  app.get(
    apiPaths.transactions.export,
    {
      schema: {
        summary:
          "The customer's filtered history as a CSV or JSON attachment, streamed, dates in their time zone",
        tags,
        querystring: exportTransactionsQuerySchema,
        produces: ["text/csv", "application/json"],
      },
    },
    async (request, reply) => {
      const { fileName, contentType, chunks } = exportHistory({
        ctx,
        userId: signedIn(request).user.id,
        query: request.query,
      });
      return reply
        .header("content-type", contentType)
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("x-content-type-options", "nosniff")
        .send(Readable.from(chunks));
    },
  );

  app.get(
    // apiPaths.transactions.one(id) builds this URL (it encodes the id, so it cannot write ":id").
    `${apiPaths.transactions.list}/:transactionId`,
    {
      schema: {
        summary: "One of the customer's transactions (404 for anyone else's)",
        tags,
        // Any text: an id that is not a UUID is "not found" like any other id that is not the customer's.
        params: z.object({ transactionId: z.string() }),
        response: { 200: transactionResponseSchema },
      },
    },
    async (request) => ({
      transaction: await getTransaction({
        ctx,
        userId: signedIn(request).user.id,
        transactionId: request.params.transactionId,
      }),
    }),
  );

  app.get(
    // apiPaths.transactions.receipt(id) builds this URL.
    `${apiPaths.transactions.list}/:transactionId/receipt`,
    {
      schema: {
        summary: "The customer's signed receipt of one of their posted transactions, as a file to keep",
        tags,
        params: z.object({ transactionId: z.string() }),
        response: { 200: receiptSchema },
      },
    },
    async (request, reply) => {
      const receipt = await getReceipt({
        ctx,
        userId: signedIn(request).user.id,
        transactionId: request.params.transactionId,
      });
      const filename = `satsbank-receipt-${receipt.receipt.transactionId}.json`;
      reply.header("content-disposition", `attachment; filename="${filename}"`);
      return receipt;
    },
  );

  app.put(
    // apiPaths.transactions.label(id) builds this URL.
    `${apiPaths.transactions.list}/:transactionId/label`,
    {
      schema: {
        summary:
          "The customer's own label on one of their transactions (\"\" removes it; 404 for anyone else's)",
        tags,
        params: z.object({ transactionId: z.string() }),
        body: setLabelBodySchema,
        response: { 200: labelResponseSchema },
      },
    },
    async (request) =>
      setTransactionLabel({
        ctx,
        userId: signedIn(request).user.id,
        transactionId: request.params.transactionId,
        label: request.body.label,
      }),
  );
};
