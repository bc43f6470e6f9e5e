import { healthResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { HEALTH_PATH } from "../../plugins/api-paths.js";
import { payoutsPausedReason } from "../solvency/index.js";

// A load balancer gives up after a few seconds; answer before it does, and never hang on a dead server.
const PING_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * For load balancers and orchestrators: 200 when this process can reach its database, 503 when it
 * cannot, so traffic moves to a healthy process. While the solvency watchdog pauses payouts it stays 200
 * (every process would say the same, and the API still serves: sign-in, balances, transfers) with
 * `status: "degraded"` and the reason, for monitoring to page on. Answered for any host
 * (`answersAnyHost`): load balancers and container probes name the process's own address, not
 * PUBLIC_URL's, and the answer (up, degraded and why, down) is no secret.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ dbPing: () => Promise<void>; db: Db }> = async (
  app,
  { dbPing, db },
) => {
  app.get(
    HEALTH_PATH,
    {
      config: { answersAnyHost: true },
      schema: {
        summary: "Liveness and database reachability",
        tags: ["health"],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      let reason: string | null;
      try {
        await withTimeout(dbPing(), PING_TIMEOUT_MS);
        reason = await withTimeout(payoutsPausedReason(db), PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, "health check: database ping failed");
        return reply.code(503).send({ status: "unavailable", database: "down" });
      }
      if (reason !== null) return reply.code(200).send({ status: "degraded", database: "up", reason });
      return reply.code(200).send({ status: "ok", database: "up" });
    },
  );
};
