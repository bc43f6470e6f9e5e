import { apiPaths, devMailboxResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listOutbox } from "../../adapters/mailer/outbox.js";
import type { Db } from "../../db/client.js";
import { normalizeEmail } from "../../domain/email.js";
import { mailboxPage } from "./page.js";

export const DEV_MAILBOX_PAGE = "/dev/mailbox";
const LIMIT = 500;

const query = z.object({ to: z.string().max(254).optional() });
const recipient = (to: string | undefined) =>
  to === undefined || to.trim() === "" ? undefined : normalizeEmail(to);

/**
 * The dev mailbox: what the server sent while no SMTP server is configured, as JSON (for tests and tools)
 * and as a page. app.ts registers this only outside production.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db; brandName: string }> = async (
  app,
  { db, brandName },
) => {
  app.get(
    apiPaths.dev.mailbox,
    {
      schema: {
        summary: "Development only: mail kept instead of sent, newest first",
        tags: ["dev"],
        querystring: query,
        response: { 200: devMailboxResponseSchema },
      },
    },
    async (request) => {
      const to = recipient(request.query.to);
      const messages = await listOutbox(db, { ...(to === undefined ? {} : { to }), limit: LIMIT });
      return {
        messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
      };
    },
  );

  app.get(DEV_MAILBOX_PAGE, { schema: { hide: true, querystring: query } }, async (request, reply) => {
    const to = recipient(request.query.to);
    const messages = await listOutbox(db, { ...(to === undefined ? {} : { to }), limit: LIMIT });
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(mailboxPage({ brandName, to, messages }));
  });
};
