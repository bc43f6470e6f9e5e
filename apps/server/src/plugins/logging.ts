import { randomUUID } from "node:crypto";
import {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from "fastify";
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

/**
 * The request's URL as the log keeps it: the path, and each query parameter's name with its value
 * redacted. Emailed links carry single-use tokens in the query (reset-password, verify-email), and search
 * boxes carry what people type; neither belongs in a log.
 */
export function loggedUrl(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const names = url
    .slice(question + 1)
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => `${pair.split("=")[0]}=[redacted]`);
  return names.length === 0 ? url.slice(0, question) : `${url.slice(0, question)}?${names.join("&")}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number | undefined } | null;
};

/** Fastify's request fields, with the URL's query values redacted (loggedUrl). */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's pino logger: pretty lines while developing, JSON lines everywhere else; JSON lines into `file`
 * when one is given (the benchmarks log as production does, into a file instead of standard output).
 */
export function loggerOptions(
  config: Pick<Config, "nodeEnv" | "logLevel">,
  file?: string,
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  const options = {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: { req: serializeRequest },
  };
  if (file !== undefined) return { ...options, file };
  return config.nodeEnv === "development"
    ? {
        ...options,
        transport: {
          target: "pino-pretty",
          options: { translateTime: "HH:MM:ss.l", ignore: "pid,hostname" },
        },
      }
    : options;
}

/**
 * Fastify's request lines, one per request instead of its two (`incoming request` then `request
 * completed`), written once the request is answered: `reqId`, the request (`req`: method, URL with its
 * query values redacted, host, client address and port), `res.statusCode` and `responseTime` (ms);
 * `request errored` at `error` with the error when the response itself failed.
 *
 * The `request completed` line goes through a child of the app's logger without redaction: its fields are
 * the serializers' own (no header, no body, the query's values already redacted), and the redaction's
 * wildcard paths walk every field of every line they see, which measured as the larger part of what a
 * line costs (docs/BENCHMARKS.md). Every other line, `request errored` included, is redacted as before.
 */
class OneLinePerRequest extends LogController {
  private readonly lineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else this.lineLogger(request.server.log).info({ reqId: request.id, ...line }, "request completed");
  }

  private lineLogger(root: FastifyBaseLogger): FastifyBaseLogger {
    let logger = this.lineLoggers.get(root);
    if (logger === undefined) {
      logger = root.child({}, { redact: [] });
      this.lineLoggers.set(root, logger);
    }
    return logger;
  }
}

/**
 * Request ids are made here, never taken from the client (a client could forge one to confuse the log),
 * and each request is logged in one line (OneLinePerRequest). These are the Fastify constructor options.
 */
export const requestLogOptions = {
  genReqId: () => randomUUID(),
  requestIdHeader: false,
  logController: new OneLinePerRequest(),
} as const satisfies FastifyServerOptions;

/** Returns the request id to the client, so a support request can quote the matching log line. */
export const requestIdHeader = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, reply, done) => {
      reply.header("x-request-id", request.id);
      done();
    });
  },
  { name: "request-id-header" },
);
