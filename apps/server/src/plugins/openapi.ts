import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const DOCS_PREFIX = "/api/docs";

/**
 * The OpenAPI document is generated from the routes' zod schemas, so it cannot drift from the code.
 * Register before any route: @fastify/swagger collects routes as they are added.
 */
export const openApi = fp(
  async (app: FastifyInstance, options: { brandName: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: `${options.brandName} API`,
          description: `The HTTP API behind the ${options.brandName} web app.`,
          version: "0.1.0",
        },
      },
      transform: jsonSchemaTransform,
    });
    // The UI page loads only same-origin scripts (no inline script element), so the strict policy of
    // security-headers.ts serves it unchanged: checked in Chromium, no relaxed CSP is needed here.
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      theme: { title: `${options.brandName} API documentation` },
    });
  },
  { name: "openapi" },
);
