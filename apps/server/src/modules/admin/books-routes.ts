import { apiPaths, booksSchema, ledgerHealthSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AdminContext } from "./context.js";
import { getBooks } from "./get-books.js";
import { ledgerHealth } from "./ledger-health.js";

const tags = ["admin"];

/** Books: every invariant of the bank's accounts, and the short ledger health check. */
export const booksRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
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

  app.get(
    apiPaths.admin.books,
    {
      schema: {
        summary:
          "Books: the ledger's invariants, the hot wallet, pending withdrawals, reorganised deposits, lag",
        tags,
        response: { 200: booksSchema },
      },
    },
    async () => getBooks({ ctx }),
  );
};
