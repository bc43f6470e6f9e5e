import { apiPaths, devMailboxQuerySchema, devMailboxResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listOutbox } from "../../adapters/mailer/outbox.js";
import type { Db } from "../../db/client.js";
import { normalizeEmail } from "../../domain/email.js";
import { loopbackOnly } from "../../plugins/loopback-only.js";
import { mailboxPage } from "./page.js";

export const DEV_MAILBOX_PAGE = "/dev/mailbox";
const LIMIT = 500;

export const loopbackOnlyText =
  "The dev mailbox answers only on this machine, at localhost, 127.0.0.1 or [::1].";

const query = devMailboxQuerySchema;
const recipient = (to: string | undefined) =>
  to === undefined || to.trim() === "" ? undefined : normalizeEmail(to);

/**
 * The dev mailbox: what the server sent while no SMTP server is configured, as JSON (for tests and tools)
 * and as a page. app.ts registers this only outside production, and it answers only clients on this
 * machine that name it (plugins/loopback-only.ts): a development server listening on 0.0.0.0 must not
 * hand its mail (sign-in codes, reset links) to the network, nor to a web page that points its own name
 * at 127.0.0.1. Behind a proxy, set TRUST_PROXY so `request.ip` is the client and not the proxy.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Db; brandName: string }> = async (
  app,
  { db, brandName },
) => {
  // This plugin's own hook: it sees exactly the requests routed to the routes below.
  app.addHook("onRequest", loopbackOnly(loopbackOnlyText));

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
