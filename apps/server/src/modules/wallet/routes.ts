import {
  apiPaths,
  receiveInfoSchema,
  recentPayeesSchema,
  sendBodySchema,
  sendQuoteBodySchema,
  sendQuoteSchema,
  sendRecipientBodySchema,
  sendRecipientSchema,
  transactionResponseSchema,
  walletSummarySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RateLimiter } from "../../adapters/rate-limit/limiter.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { perCustomer } from "../../plugins/customer-limit.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import type { WalletContext } from "./context.js";
import { figuresWithSession } from "./figures-with-session.js";
import { getReceiveInfo } from "./get-receive-info.js";
import { getWalletSummary } from "./get-wallet-summary.js";
import { lookUpRecipient } from "./look-up-recipient.js";
import { quoteSend } from "./quote-send.js";
import { recentPayees } from "./recent-payees.js";
import { sendBitcoin } from "./send-bitcoin.js";

const tags = ["wallet"];

/** The signed-in customer's wallet: balance, receive address, quote and send. */
export const walletRoutes: FastifyPluginAsyncZod<{ ctx: WalletContext; limiter: RateLimiter }> = async (
  app,
  { ctx, limiter },
) => {
  app.addHook("preHandler", requireRole("customer"));
  const balanceRead = figuresWithSession(ctx.db);

  app.get(
    apiPaths.wallet.summary,
    {
      schema: {
        summary: "Balance (from the ledger), spendable amount, whether sending is allowed, price",
        tags,
        response: { 200: walletSummarySchema },
      },
      // The session and the customer's figures in one statement: the bank's hottest read, one round trip.
      config: { loadSession: balanceRead.loadSession },
    },
    async (request) => {
      const auth = signedIn(request);
      return getWalletSummary({ ctx, userId: auth.user.id, figures: balanceRead.figuresOf(auth) });
    },
  );

  app.get(
    apiPaths.wallet.receive,
    {
      schema: {
        summary:
          "The current deposit address (a new one once a payment to it is seen), its BIP21 URI, the username",
        tags,
        response: { 200: receiveInfoSchema },
      },
    },
    async (request) => getReceiveInfo({ ctx, customer: signedIn(request).user }),
  );

  app.post(
    apiPaths.wallet.recipient,
    {
      schema: {
        summary: "Whom a recipient names and the network fee of a send to them, before any amount",
        tags,
        body: sendRecipientBodySchema,
        response: { 200: sendRecipientSchema },
      },
      // A look-up tells what a quote tells of the recipient: it counts toward the same limit.
      preHandler: perCustomer(limiter, rateLimitRules.quotesPerCustomer),
    },
    async (request) => lookUpRecipient({ ctx, sender: signedIn(request).user, body: request.body }),
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
      preHandler: perCustomer(limiter, rateLimitRules.quotesPerCustomer),
    },
    async (request) => quoteSend({ ctx, sender: signedIn(request).user, body: request.body }),
  );

  app.get(
    apiPaths.wallet.recentPayees,
    {
      schema: {
        summary: "The customers this customer sent to last, newest first, each once: name and username",
        tags,
        response: { 200: recentPayeesSchema },
      },
    },
    async (request) => recentPayees({ ctx, userId: signedIn(request).user.id }),
  );

  app.post(
    apiPaths.wallet.send,
    {
      schema: {
        summary:
          "Send to another customer (username or deposit address) or withdraw to an outside address; idempotent by key. A withdrawal of a customer with a passkey needs its approval: 403 PASSKEY_REQUIRED answers the challenge to sign",
        tags,
        body: sendBodySchema,
        response: { 201: transactionResponseSchema },
      },
      preHandler: perCustomer(limiter, rateLimitRules.sendsPerCustomer),
    },
    async (request, reply) => {
      const { user, sessionId } = signedIn(request);
      const transaction = await sendBitcoin({ ctx, sender: user, sessionId, body: request.body });
      return reply.code(201).send({ transaction });
    },
  );
};
