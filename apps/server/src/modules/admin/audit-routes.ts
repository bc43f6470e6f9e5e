import { apiPaths, auditEventPageSchema, listAuditEventsQuerySchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { listAuditEvents } from "../audit/index.js";

const tags = ["admin"];

/** The audit log: what staff did, searchable, newest first. */
export const auditLogRoutes: FastifyPluginAsyncZod<{ ctx: { db: Db } }> = async (app, { ctx }) => {
  app.get(
    apiPaths.admin.audit,
    {
      schema: {
        summary: "The audit log: what staff did, searchable, newest first (read-only)",
        tags,
        querystring: listAuditEventsQuerySchema,
        response: { 200: auditEventPageSchema },
      },
    },
    async (request) => listAuditEvents({ ctx, query: request.query }),
  );
};
