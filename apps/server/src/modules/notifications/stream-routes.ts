import type { OutgoingHttpHeaders } from "node:http";
import { apiPaths, notificationStreamEvents } from "@satsbank/shared";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Clock } from "../../adapters/clock.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { type LoadSession, requireRole, type SessionCookies, signedIn } from "../../plugins/session.js";
import { findNotification } from "./list-notifications.js";
import type { NotificationHub } from "./notification-hub.js";

type StreamContext = {
  db: Db;
  hub: NotificationHub;
  /** A comment line this often keeps proxies from closing an idle stream, and re-checks the session. */
  heartbeatMs: number;
  log: Pick<FastifyBaseLogger, "warn">;
};

export type StreamRoutesOptions = {
  ctx: { db: Db; clock: Clock };
  hub: NotificationHub;
  /** The stream re-checks its session at each heartbeat: a signed-out browser stops hearing. */
  loadSession: LoadSession;
  cookies: SessionCookies;
  heartbeatMs: number;
};

/** `GET /api/notifications/stream`: the customer's notifications as they are made (see below). */
export const notificationStreamRoutes: FastifyPluginAsyncZod<StreamRoutesOptions> = async (
  app,
  { ctx, hub, loadSession, cookies, heartbeatMs },
) => {
  app.get(
    apiPaths.notifications.stream,
    {
      preHandler: requireRole("customer"),
      schema: {
        summary: "Server-sent events (text/event-stream): each notification made while it is open",
        tags: ["notifications"],
      },
    },
    async (request, reply) => {
      const { sessionId, user } = signedIn(request);
      const token = cookies.read(request) ?? "";
      openNotificationStream({
        ctx: { db: ctx.db, hub, heartbeatMs, log: request.log },
        request,
        reply,
        userId: user.id,
        stillSignedIn: async () => (await loadSession(token, ctx.clock.now()))?.sessionId === sessionId,
      });
      return reply;
    },
  );
};

/** What the browser waits before reconnecting a stream that closed (EventSource's `retry`). */
export const STREAM_RETRY_MS = 5_000;

export const streamText = {
  crossSite: "The notification stream is for this site's own pages.",
} as const;

const SAME_SITE = new Set(["same-origin", "none"]);

/**
 * `GET /api/notifications/stream`: server-sent events, one `notification` event for each notification made
 * for the customer while it is open, and a heartbeat comment every `heartbeatMs`. The reply is taken from
 * Fastify (hijacked) and written straight to the socket, so nothing buffers it; proxies are asked not to
 * (`X-Accel-Buffering: no`, `no-transform`). It ends when the browser closes it, when the session ends
 * (checked at each heartbeat), or when the server closes (the hub closes every stream first).
 */
function openNotificationStream({
  ctx,
  request,
  reply,
  userId,
  stillSignedIn,
}: {
  ctx: StreamContext;
  request: FastifyRequest;
  reply: FastifyReply;
  userId: string;
  stillSignedIn: () => Promise<boolean>;
}): void {
  // An EventSource needs no CORS to connect: another site could open streams in a visitor's name.
  const site = request.headers["sec-fetch-site"];
  if (site !== undefined && !SAME_SITE.has(site)) throw new AppError("FORBIDDEN", streamText.crossSite);

  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    // The headers the hooks set so far (security headers, the request id).
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store, no-transform",
    "x-accel-buffering": "no",
  });
  res.write(`retry: ${STREAM_RETRY_MS}\n: connected\n\n`);

  let closed = false;
  // Deliveries in the order they were announced.
  let delivering: Promise<void> = Promise.resolve();
  const write = (text: string) => {
    if (!closed) res.write(text);
  };

  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    res.end();
  };

  const deliver = (notificationId: string) => {
    delivering = delivering.then(async () => {
      if (closed) return;
      try {
        const notification = await findNotification(ctx.db, { userId, notificationId });
        if (notification === undefined) return;
        const data = JSON.stringify(notification);
        write(`id: ${notification.id}\nevent: ${notificationStreamEvents.notification}\ndata: ${data}\n\n`);
      } catch (error) {
        ctx.log.warn({ err: error }, "a notification could not be streamed; the stream closes");
        close();
      }
    });
  };

  const unsubscribe = ctx.hub.subscribe(userId, { deliver, close });
  const heartbeat = setInterval(() => {
    stillSignedIn().then(
      (signedIn) => (signedIn ? write(": heartbeat\n\n") : close()),
      () => close(),
    );
  }, ctx.heartbeatMs);
  res.on("close", close);
}
