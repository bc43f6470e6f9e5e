import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/config.js";

const secretKeys = ["password", "token", "secret"] as const;

// Credentials never reach the log, wherever they sit in a logged object (up to three levels deep).
const redactPaths = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  ...secretKeys.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

/** Fastify's pino logger: pretty lines while developing, JSON lines everywhere else. */
export function loggerOptions(config: Pick<Config, "nodeEnv" | "logLevel">): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: "[redacted]" },
    ...(config.nodeEnv === "development"
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" },
          },
        }
      : {}),
  };
}

/**
 * Request ids are made here, never taken from the client (a client could forge one to confuse the log).
 * These are the Fastify constructor options that go with it.
 */
export const requestIdOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
} as const satisfies FastifyServerOptions;

/** Returns the request id to the client, so a support request can quote the matching log line. */
export const requestIdHeader = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", async (request, reply) => {
      reply.header("x-request-id", request.id);
    });
  },
  { name: "request-id-header" },
);
