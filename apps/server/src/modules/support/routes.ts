import {
  apiPaths,
  contactBodySchema,
  contactResponseSchema,
  helpFactsSchema,
  supportRequestBodySchema,
  supportRequestResponseSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientOf } from "../../plugins/client.js";
import { requireRole, signedIn } from "../../plugins/session.js";
import type { SupportContext } from "./context.js";
import { helpFacts } from "./help-facts.js";
import { submitContactRequest } from "./submit-contact-request.js";
import { submitSupportRequest } from "./submit-support-request.js";

const tags = ["support"];

/**
 * Help & Support: a customer's support requests, and the figures its FAQ states; and the public contact
 * form, which needs no session.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: SupportContext }> = async (app, { ctx }) => {
  app.post(
    apiPaths.support.contact,
    {
      schema: {
        summary:
          "The public contact form (no session): kept for staff as a support request, a confirmation mailed to the address typed",
        tags,
        body: contactBodySchema,
        response: { 201: contactResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await submitContactRequest({ ctx, body: request.body, client: clientOf(request) });
      return reply.code(201).send(answer);
    },
  );
  await app.register(customerRoutes, { ctx });
};

const customerRoutes: FastifyPluginAsyncZod<{ ctx: SupportContext }> = async (app, { ctx }) => {
  app.addHook("preHandler", requireRole("customer"));

  app.post(
    apiPaths.support.requests,
    {
      schema: {
        summary: "Ask the bank: the request is kept, open, and its confirmation mailed to the customer",
        tags,
        body: supportRequestBodySchema,
        response: { 201: supportRequestResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await submitSupportRequest({
        ctx,
        customer: signedIn(request).user,
        body: request.body,
      });
      return reply.code(201).send({ request: created });
    },
  );

  app.get(
    apiPaths.support.facts,
    {
      schema: {
        summary: "The FAQ's figures: the withdrawal fee, each level's daily send limit, confirmations",
        tags,
        response: { 200: helpFactsSchema },
      },
    },
    async () => helpFacts({ ctx }),
  );
};
