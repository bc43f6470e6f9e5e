import {
  apiPaths,
  sendBodySchema,
  sendQuoteBodySchema,
  sendQuoteSchema,
  transactionResponseSchema,
  walletSummarySchema,
} from "@satsbank/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireRole, signedIn } from "../../plugins/session.js";
import type { WalletContext } from "./context.js";
import { getWalletSummary } from "./get-wallet-summary.js";
import { quoteSend } from "./quote-send.js";
import { sendBitcoin } from "./send-bitcoin.js";

const tags = ["wallet"];

/**
 * Per customer and process (@fastify/rate-limit's memory store): a person sends a few times a minute at
 * most, so a burst beyond this is a script. The ledger stays correct either way; this only slows abuse.
 */
export const sendRateLimit = { max: 30, timeWindow: "1 minute" } as const;
export const quoteRateLimit = { max: 120, timeWindow: "1 minute" } as const;

const perCustomer = (request: FastifyRequest) => `customer:${request.auth?.user.id ?? request.ip}`;

/** The signed-in customer's wallet: balance, quote and send. */
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext }> = async (app, { ctx }) => {
  app.addHook("preHandler", requireRole("customer"));

  app.get(
    apiPaths.wallet.summary,
    {
      schema: {
        summary: "Balance (from the ledger), spendable amount, whether sending is allowed, price",
        tags,
        response: { 200: walletSummarySchema },
      },
    },
    async (request) => getWalletSummary({ ctx, userId: signedIn(request).user.id }),
  );

  app.post(
    apiPaths.wallet.quote,
    {
      schema: {
        summary: "Check a send and price it: payee, amount, fee, total. Moves nothing",
        tags,
        body: sendQuoteBodySchema,
        response: { 200: sendQuoteSchema },
      },
      config: { rateLimit: { ...quoteRateLimit, keyGenerator: perCustomer } },
    },
    async (request) => quoteSend({ ctx, sender: signedIn(request).user, body: request.body }),
  );

  app.post(
    apiPaths.wallet.send,
    {
      schema: {
        summary: "Send to another customer (username or deposit address); idempotent by key",
        tags,
        body: sendBodySchema,
        response: { 201: transactionResponseSchema },
      },
      config: { rateLimit: { ...sendRateLimit, keyGenerator: perCustomer } },
    },
    async (request, reply) => {
      const transaction = await sendBitcoin({ ctx, sender: signedIn(request).user, body: request.body });
      return reply.code(201).send({ transaction });
    },
  );
};
