import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isApiRequest } from "./api-paths.js";

/** API answers carry balances and personal data: no browser or proxy may keep a copy. */
export const apiNoStore = fp(
  async (app: FastifyInstance) => {
    app.addHook("onSend", async (request, reply) => {
      if (isApiRequest(request)) reply.header("cache-control", "no-store");
    });
  },
  { name: "api-no-store" },
);
