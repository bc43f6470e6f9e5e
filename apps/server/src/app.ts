import type { IncomingMessage, ServerResponse } from "node:http";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { healthRoutes } from "./modules/health/routes.js";
import { metaRoutes } from "./modules/meta/routes.js";
import { apiNoStore } from "./plugins/api-no-store.js";
import { API_PREFIX } from "./plugins/api-paths.js";
import { errorHandler } from "./plugins/error-handler.js";
import { loggerOptions, requestIdHeader, requestIdOptions } from "./plugins/logging.js";
import { openApi } from "./plugins/openapi.js";
import { securityHeaders } from "./plugins/security-headers.js";
import { spa } from "./plugins/spa.js";

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Everything the app needs from outside. Tests pass an in-memory database and fakes. */
export type AppDeps = {
  config: Config;
  db: Db;
  /** Resolves when the database answers; the health check calls it. */
  dbPing: () => Promise<void>;
};

/**
 * Builds the Fastify instance. Every plugin and module is registered here, by hand and in order, so this
 * file reads as the table of contents of the API. The instance is returned before `ready()`: callers
 * (tests) may still add routes.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    ...requestIdOptions,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Cross-cutting plugins: they apply to every route registered after them.
  await app.register(requestIdHeader);
  await app.register(errorHandler);
  await app.register(securityHeaders);
  await app.register(apiNoStore);
  // Off by default; a route opts in with `config: { rateLimit: { max, timeWindow } }`.
  await app.register(rateLimit, { global: false });
  await app.register(openApi, { brandName: config.brandName });

  // Modules.
  await app.register(healthRoutes, { dbPing: deps.dbPing });
  await app.register(metaRoutes, { prefix: API_PREFIX, brandName: config.brandName });

  // Last: the built web app and the not-found handler (JSON 404 for the API, index.html for pages).
  await app.register(spa, { distDir: config.webDistDir });
  return app;
}
