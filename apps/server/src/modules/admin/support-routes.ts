import {
  adminSupportPageSchema,
  adminSupportRequestResponseSchema,
  apiPaths,
  listSupportRequestsQuerySchema,
  supportReplyBodySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staffActorOf } from "../../plugins/client.js";
import { closeSupportRequest, listSupportRequests, replyToSupportRequest } from "../support/index.js";
import type { AdminContext } from "./context.js";

const tags = ["admin"];
const requestParams = z.object({ requestId: z.string() });

/** The support inbox: requests of a status, a reply, a close. */
export const supportInboxRoutes: FastifyPluginAsyncZod<{ ctx: AdminContext }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.support,
    {
      schema: {
        summary: "Support requests of a status (open ones oldest first) with their replies",
        tags,
        querystring: listSupportRequestsQuerySchema,
        response: { 200: adminSupportPageSchema },
      },
    },
    async (request) => listSupportRequests({ ctx, query: request.query }),
  );

  app.post(
    `${apiPaths.admin.support}/:requestId/reply`,
    {
      schema: {
        summary: "Answer a support request: mailed to the customer, in their notifications; status answered",
        tags,
        params: requestParams,
        body: supportReplyBodySchema,
        response: { 200: adminSupportRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await replyToSupportRequest({
        ctx,
        staff: staffActorOf(request),
        requestId: request.params.requestId,
        message: request.body.message,
      }),
    }),
  );

  app.post(
    `${apiPaths.admin.support}/:requestId/close`,
    {
      schema: {
        summary: "Close a support request",
        tags,
        params: requestParams,
        response: { 200: adminSupportRequestResponseSchema },
      },
    },
    async (request) => ({
      request: await closeSupportRequest({
        ctx,
        staff: staffActorOf(request),
        requestId: request.params.requestId,
      }),
    }),
  );
};
