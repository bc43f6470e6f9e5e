import { healthResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HEALTH_PATH } from "../../plugins/api-paths.js";

// A load balancer gives up after a few seconds; answer before it does, and never hang on a dead server.
const PING_TIMEOUT_MS = 2000;

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators: 200 when this process can reach its database, 503 when it
 * cannot, so traffic moves to a healthy process.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ dbPing: () => Promise<void> }> = async (
  app,
  { dbPing },
) => {
  app.get(
    HEALTH_PATH,
    {
      schema: {
        summary: "Liveness and database reachability",
        tags: ["health"],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await withTimeout(dbPing(), PING_TIMEOUT_MS);
        return reply.code(200).send({ status: "ok", database: "up" });
      } catch (error) {
        request.log.warn({ err: error }, "health check: database ping failed");
        return reply.code(503).send({ status: "unavailable", database: "down" });
      }
    },
  );
};
