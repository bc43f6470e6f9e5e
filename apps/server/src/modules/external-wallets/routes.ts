import {
  apiPaths,
  connectWalletBodySchema,
  externalWalletResponseSchema,
  walletChallengeBodySchema,
  walletChallengeSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RateLimiter } from "../../adapters/rate-limit/limiter.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { perCustomer } from "../../plugins/customer-limit.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import { connectWallet } from "./connect-wallet.js";
import type { ExternalWalletsContext } from "./context.js";
import { createWalletChallenge } from "./create-challenge.js";
import { disconnectWallet } from "./disconnect-wallet.js";
import { getExternalWallet } from "./get-external-wallet.js";

const tags = ["external-wallets"];

/** Connect Wallet: a challenge to sign, the proof that connects the wallet, the wallet, disconnecting it. */
export const externalWalletRoutes: FastifyPluginAsyncZod<{
  ctx: ExternalWalletsContext;
  limiter: RateLimiter;
}> = async (app, { ctx, limiter }) => {
  app.addHook("preHandler", requireRole("customer"));

  app.get(
    apiPaths.externalWallets.current,
    {
      schema: {
        summary: "The customer's connected wallet, or null",
        tags,
        response: { 200: externalWalletResponseSchema },
      },
    },
    async (request) => ({
      wallet: await getExternalWallet({ db: ctx.db, userId: signedIn(request).user.id }),
    }),
  );

  app.post(
    apiPaths.externalWallets.challenges,
    {
      preHandler: perCustomer(limiter, rateLimitRules.walletChallengesPerCustomer),
      schema: {
        summary: "A message to sign with the wallet's address: good once, for 10 minutes",
        tags,
        body: walletChallengeBodySchema,
        response: { 201: walletChallengeSchema },
      },
    },
    async (request, reply) => {
      const challenge = await createWalletChallenge({ ctx, user: signedIn(request).user, ...request.body });
      return reply.code(201).send(challenge);
    },
  );

  app.post(
    apiPaths.externalWallets.current,
    {
      schema: {
        summary: "Connect the wallet: the challenge's message signed with its address (BIP-322 or legacy)",
        tags,
        body: connectWalletBodySchema,
        response: { 200: externalWalletResponseSchema },
      },
    },
    async (request) => ({
      wallet: await connectWallet({ ctx, user: signedIn(request).user, ...request.body }),
    }),
  );

  app.post(
    apiPaths.externalWallets.disconnect,
    {
      schema: {
        summary: "Forget the connected wallet",
        tags,
        body: z.object({}).optional(),
        response: { 200: externalWalletResponseSchema },
      },
    },
    async (request) => {
      await disconnectWallet({ db: ctx.db, userId: signedIn(request).user.id });
      return { wallet: null };
    },
  );
};
