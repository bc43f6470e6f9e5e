import type { OutgoingHttpHeaders } from "node:http";
import { notificationStreamEvents } from "@satsbank/shared";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import type { NotificationHub } from "./notification-hub.js";
import { toNotification } from "./notification-view.js";
import { findNotifications } from "./queries.js";

export type StreamContext = {
  db: Db;
  hub: NotificationHub;
  /** A comment line this often keeps proxies from closing an idle stream, and re-checks the session. */
  heartbeatMs: number;
  log: Pick<FastifyBaseLogger, "warn">;
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
export function openNotificationStream({
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
        const [row] = await findNotifications(ctx.db, { userId, ids: [notificationId] });
        if (row === undefined) return;
        const data = JSON.stringify(toNotification(row));
        write(`id: ${row.id}\nevent: ${notificationStreamEvents.notification}\ndata: ${data}\n\n`);
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
