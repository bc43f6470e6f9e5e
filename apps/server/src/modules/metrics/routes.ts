import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../domain/app-error.js";
import { EXPOSITION_CONTENT_TYPE, formatExposition } from "../../domain/prometheus.js";
import { METRICS_PATH } from "../../plugins/api-paths.js";
import type { HttpMetrics } from "../../plugins/http-metrics.js";
import { fromThisMachine } from "../../plugins/loopback-only.js";
import { collectBankMetrics, type MetricsContext } from "./collect-metrics.js";
import { processMetrics } from "./process-metrics.js";

export const metricsTokenText = "The metrics need the bearer token METRICS_TOKEN.";
export const metricsLoopbackText =
  "The metrics answer only on this machine, at localhost, 127.0.0.1 or [::1], unless METRICS_TOKEN is set.";

const digest = (text: string) => createHash("sha256").update(text).digest();

/** `Authorization: Bearer <token>` with this token, compared in constant time. */
function presentsToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics in Prometheus's text format; app.ts registers it only with METRICS=true. With a
 * METRICS_TOKEN every scraper must present it (loopback too: a reverse proxy on this machine makes every
 * client loopback); without one (never in production) only clients on this machine that name it
 * (fromThisMachine: a loopback address and host). Answered for any host (`answersAnyHost`): scrapers
 * reach each process by its own address, not PUBLIC_URL's, and the token (or this machine) is the check.
 */
export const metricsRoutes: FastifyPluginAsyncZod<{
  ctx: MetricsContext;
  http: HttpMetrics;
  token: string | null;
}> = async (app, { ctx, http, token }) => {
  const processFigures = processMetrics();
  app.addHook("onClose", async () => processFigures.stop());

  // This plugin's own hook: it sees exactly the requests routed to the route below.
  app.addHook("onRequest", async (request, reply) => {
    if (token !== null) {
      if (presentsToken(request.headers.authorization, token)) return;
      reply.header("www-authenticate", 'Bearer realm="metrics"');
      throw new AppError("UNAUTHENTICATED", metricsTokenText);
    }
    if (!fromThisMachine(request)) throw new AppError("FORBIDDEN", metricsLoopbackText);
  });

  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: { answersAnyHost: true } },
    async (_request, reply) => {
      const bank = await collectBankMetrics({ ctx });
      return reply
        .type(EXPOSITION_CONTENT_TYPE)
        .header("cache-control", "no-store")
        .send(formatExposition([...http.families(), ...processFigures.families(), ...bank]));
    },
  );
};
