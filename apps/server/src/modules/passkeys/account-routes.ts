import {
  apiPaths,
  passkeyListSchema,
  passkeyResponseSchema,
  passkeySettingsBodySchema,
  renamePasskeyBodySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientOf } from "../../plugins/client.js";
import { requireAuth, signedIn } from "../../plugins/session.js";
import type { PasskeyAccountContext } from "./account-context.js";
import { listPasskeys, removePasskey, renamePasskey, setPasskeySettings } from "./manage-passkeys.js";

const tags = ["account"];
// apiPaths.account.passkey(id) builds this URL (it encodes the id, so it cannot write ":passkeyId").
const onePasskey = `${apiPaths.account.passkeys}/:passkeyId`;
// Any text: an id that is not a UUID is "not found" like any other id that is not the person's.
const params = z.object({ passkeyId: z.string() });

/** Security > Passkeys: the signed-in person's own passkeys and whether withdrawals need one. */
export const passkeyAccountRoutes: FastifyPluginAsyncZod<{ ctx: PasskeyAccountContext }> = async (
  app,
  { ctx },
) => {
  app.addHook("preHandler", requireAuth);
  const changeBy = (request: Parameters<typeof signedIn>[0]) => {
    const { user, sessionId } = signedIn(request);
    return { ctx, user, sessionId, client: clientOf(request) };
  };

  app.get(
    apiPaths.account.passkeys,
    {
      schema: {
        summary:
          "Your passkeys, newest first; whether withdrawals need one; until when this session's proof is fresh",
        tags,
        response: { 200: passkeyListSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = signedIn(request);
      return listPasskeys({ ctx, user, sessionId });
    },
  );

  app.patch(
    apiPaths.account.passkeySettings,
    {
      schema: {
        summary:
          "Whether withdrawals need your passkey: turning it off needs a fresh proof (403 reauthenticate), on does not; mails you",
        tags,
        body: passkeySettingsBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setPasskeySettings({ ...changeBy(request), approveWithdrawals: request.body.approveWithdrawals });
      return reply.code(204).send(null);
    },
  );

  app.patch(
    onePasskey,
    {
      schema: {
        summary: "Rename one of your passkeys (404 for anyone else's); mails you",
        tags,
        params,
        body: renamePasskeyBodySchema,
        response: { 200: passkeyResponseSchema },
      },
    },
    async (request) => ({
      passkey: await renamePasskey({
        ...changeBy(request),
        passkeyId: request.params.passkeyId,
        name: request.body.name,
      }),
    }),
  );

  app.delete(
    onePasskey,
    {
      schema: {
        summary:
          "Remove one of your passkeys, a blocked one too (404 for anyone else's); the last one needs a fresh proof; mails you",
        tags,
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removePasskey({ ...changeBy(request), passkeyId: request.params.passkeyId });
      return reply.code(204).send(null);
    },
  );
};
