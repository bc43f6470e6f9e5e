import {
  apiPaths,
  passkeyAuthenticationBodySchema,
  passkeyAuthenticationOptionsBodySchema,
  passkeyAuthenticationResultSchema,
  passkeyChallengeSchema,
  passkeyRegistrationBodySchema,
  passkeyRegistrationOptionsSchema,
  passkeyResponseSchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withAccount } from "../../domain/device.js";
import { clientOf } from "../../plugins/client.js";
import type { DeviceCookies } from "../../plugins/device-cookies.js";
import { requireAuth, type SessionCookies, signedIn } from "../../plugins/session.js";
import type { PasskeyAccountContext } from "./account-context.js";
import { passkeyAccountRoutes } from "./account-routes.js";
import { authenticationOptions, verifyPasskeyAuthentication } from "./authentication.js";
import { registerPasskey, registrationOptions } from "./registration.js";

export type PasskeyRoutesOptions = {
  ctx: PasskeyAccountContext;
  cookies: SessionCookies;
  devices: DeviceCookies;
  /** Not production: this machine's own sign-in challenges are not counted (e2e suites load sign-in a lot). */
  spareLoopback: boolean;
};

const tags = ["auth"];

/**
 * The passkeys' WebAuthn ceremonies (adding one; signing in or proving with one) and Security > Passkeys
 * (account-routes.ts).
 */
export const passkeyRoutes: FastifyPluginAsyncZod<PasskeyRoutesOptions> = async (
  app,
  { ctx, cookies, devices, spareLoopback },
) => {
  await app.register(passkeyAccountRoutes, { ctx });

  app.post(
    apiPaths.auth.passkeys.registrationOptions,
    {
      schema: {
        summary:
          "Add a passkey, step 1 (signed in, fresh proof or 403 reauthenticate): the options for the browser's dialog",
        tags,
        body: z.object({}).optional(),
        response: { 200: passkeyRegistrationOptionsSchema },
      },
      preHandler: requireAuth,
    },
    async (request) => {
      const { user, sessionId } = signedIn(request);
      return registrationOptions({ ctx, user, sessionId });
    },
  );

  app.post(
    apiPaths.auth.passkeys.registrationVerify,
    {
      schema: {
        summary:
          "Add a passkey, step 2: the new credential, verified against this session's challenge, the origin and the RP ID; mails the customer",
        tags,
        body: passkeyRegistrationBodySchema,
        response: { 201: passkeyResponseSchema },
      },
      preHandler: requireAuth,
    },
    async (request, reply) => {
      const { user, sessionId } = signedIn(request);
      const passkey = await registerPasskey({
        ctx,
        user,
        sessionId,
        body: request.body,
        client: clientOf(request),
      });
      return reply.code(201).send({ passkey });
    },
  );

  app.post(
    apiPaths.auth.passkeys.authenticationOptions,
    {
      schema: {
        summary:
          "Sign in with a passkey (no session: any passkey of the bank) or confirm it's you (signed in: your own): the options to sign",
        tags,
        body: passkeyAuthenticationOptionsBodySchema,
        response: { 200: passkeyChallengeSchema },
      },
    },
    async (request) =>
      authenticationOptions({
        ctx,
        purpose: request.body.purpose,
        asker: request.auth,
        client: clientOf(request),
        spareLoopback,
      }),
  );

  app.post(
    apiPaths.auth.passkeys.authenticationVerify,
    {
      schema: {
        summary:
          "The signed challenge: a sign-in starts the session (no password, no code); a proof makes this session's proof fresh",
        tags,
        body: passkeyAuthenticationBodySchema,
        response: { 200: passkeyAuthenticationResultSchema },
      },
    },
    async (request, reply) => {
      const device = devices.read(request);
      const { result, signedIn: started } = await verifyPasskeyAuthentication({
        ctx,
        approval: { challengeId: request.body.challengeId, response: request.body.response },
        remember: request.body.remember,
        asker: request.auth,
        client: clientOf(request),
        device,
        previousSessionToken: cookies.read(request),
      });
      if (started !== null) {
        cookies.set(reply, started.session);
        devices.set(reply, withAccount(device, started.userId));
      }
      return result;
    },
  );
};
