import { apiPaths, devClockAdvanceBodySchema, devClockResponseSchema } from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ManualClock } from "../../adapters/clock.js";
import { loopbackOnly } from "../../plugins/loopback-only.js";

export const devClockLoopbackOnlyText =
  "The test clock answers only on this machine, at localhost, 127.0.0.1 or [::1].";

/**
 * Tests only: the server's time, and moving it forward, so an end-to-end test passes a 30-second TOTP
 * window without waiting for it. app.ts registers this only when TEST_CLOCK=manual (which production
 * refuses), and it answers only loopback clients, like the dev mailbox.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: ManualClock }> = async (app, { clock }) => {
  // This plugin's own hook: it sees exactly the requests routed to the routes below.
  app.addHook("onRequest", loopbackOnly(devClockLoopbackOnlyText));

  app.get(
    apiPaths.dev.clock,
    {
      schema: {
        summary: "Tests only: the server's time",
        tags: ["dev"],
        response: { 200: devClockResponseSchema },
      },
    },
    async () => ({ now: clock.now().toISOString() }),
  );

  app.post(
    apiPaths.dev.clock,
    {
      schema: {
        summary: "Tests only: move the server's time forward",
        tags: ["dev"],
        body: devClockAdvanceBodySchema,
        response: { 200: devClockResponseSchema },
      },
    },
    async (request) => ({ now: clock.advance(request.body.advanceMs).toISOString() }),
  );
};
