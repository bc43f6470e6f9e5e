import type { IncomingMessage } from "node:http";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../domain/app-error.js";

export const badUrlText = "The address of this request is not a valid URL.";

const refused = Symbol("refused by the router");
type RefusedRequest = IncomingMessage & { [refused]?: FastifyError };

// Where a refused request is sent instead: any path will do, the hook below answers before any route.
const REROUTED_URL = "/";

/**
 * Fastify's `frameworkErrors` option. The router refuses some requests before any hook runs (a path that
 * does not decode, a parameter that is too long) and Fastify would answer them by hand: its own JSON
 * shape, no security headers, no request id. Instead the request goes through the router once more, on
 * a path that decodes, marked with the error, so that `answerRefusedRequests` answers it with the
 * app's error shape and headers.
 */
export function rerouteFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const raw: RefusedRequest = request.raw;
  if (raw[refused] !== undefined) throw error; // never loop: the rerouted path always decodes
  raw[refused] = error;
  raw.url = REROUTED_URL;
  request.server.routing(raw, reply.raw);
}

/** Registered right after the security headers: refused requests get them, then their error. */
export const answerRefusedRequests = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", async (request) => {
      const error = (request.raw as RefusedRequest)[refused];
      if (error === undefined) return;
      request.log.info({ err: error }, "the router refused the request");
      if (error.code === "FST_ERR_BAD_URL") throw new AppError("BAD_REQUEST", badUrlText);
      throw error;
    });
  },
  { name: "answer-refused-requests", dependencies: ["security-headers"] },
);
