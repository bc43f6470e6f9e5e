import {
  apiPaths,
  loginBodySchema,
  loginChallengeSchema,
  meResponseSchema,
  messageResponseSchema,
  PASSWORD_RESET_SENT_MESSAGE,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  recoveryLoginBodySchema,
  resendCodeBodySchema,
  signupBodySchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
  verifyLoginBodySchema,
} from "@satsbank/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withAccount } from "../../domain/device.js";
import { clientOf } from "../../plugins/client.js";
import type { DeviceCookies } from "../../plugins/device-cookies.js";
import { requireAuth, type SessionCookies, signedIn } from "../../plugins/session.js";
import type { AuthContext } from "./context.js";
import { authText } from "./messages.js";
import { requestPasswordReset } from "./request-password-reset.js";
import { resendSignInCode } from "./resend-sign-in-code.js";
import { resendVerificationEmail } from "./resend-verification-email.js";
import { resetPassword } from "./reset-password.js";
import { signInWithRecoveryCode } from "./sign-in-with-recovery-code.js";
import { signOut } from "./sign-out.js";
import { signUp } from "./sign-up.js";
import { startSignIn } from "./start-sign-in.js";
import { toSessionUser } from "./user-view.js";
import { verifyEmail } from "./verify-email.js";
import { verifySignIn } from "./verify-sign-in.js";

export type AuthRoutesOptions = {
  ctx: AuthContext;
  cookies: SessionCookies;
  /** The signed cookie naming the accounts a browser signed in to: its own sign-in limit. */
  devices: DeviceCookies;
  /** Not production: the per-IP sign-up limit spares this machine (e2e suites sign up a lot). */
  spareLoopback: boolean;
};

const tags = ["auth"];

/**
 * Sign-up, the two steps of sign-in, sign-out, the current person, password reset and email
 * verification.
 */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { ctx, cookies, devices, spareLoopback },
) => {
  /** Who asks for the second step: their address and browser, its device cookie and any session it holds. */
  const browserOf = (request: FastifyRequest) => ({
    client: clientOf(request),
    device: devices.read(request),
    previousSessionToken: cookies.read(request),
  });
  /** The second step passed (a code, a recovery code): the session's cookie, the browser known to the account. */
  const sessionStarted = (
    reply: FastifyReply,
    device: ReturnType<DeviceCookies["read"]>,
    { user, session }: Awaited<ReturnType<typeof verifySignIn>>,
  ) => {
    cookies.set(reply, session);
    devices.set(reply, withAccount(device, user.id));
    return { user: toSessionUser(user) };
  };

  app.post(
    apiPaths.auth.signup,
    {
      schema: {
        summary: "Create a customer account and sign in; mails a link to verify the email address",
        tags,
        body: signupBodySchema,
        response: { 201: meResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, session } = await signUp({
        ctx,
        name: request.body.name,
        email: request.body.email,
        password: request.body.password,
        client: clientOf(request),
        previousSessionToken: cookies.read(request),
        spareLoopback,
      });
      if (session !== null) {
        cookies.set(reply, session);
        // The browser that made the account knows its password: a known device from the start.
        devices.set(reply, withAccount(devices.read(request), user.id));
      }
      return reply.code(201).send({ user: toSessionUser(user) });
    },
  );

  app.post(
    apiPaths.auth.login,
    {
      schema: {
        summary: "Sign in, step 1: email and password; opens the second step",
        tags,
        body: loginBodySchema,
        response: { 200: loginChallengeSchema },
      },
    },
    async (request) =>
      startSignIn({ ctx, ...request.body, client: clientOf(request), device: devices.read(request) }),
  );

  app.post(
    apiPaths.auth.verify,
    {
      schema: {
        summary: "Sign in, step 2: the 6-digit code; starts the session",
        tags,
        body: verifyLoginBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      const from = browserOf(request);
      return sessionStarted(reply, from.device, await verifySignIn({ ctx, ...request.body, ...from }));
    },
  );

  app.post(
    apiPaths.auth.recovery,
    {
      schema: {
        summary:
          "Sign in, step 2, with a recovery code instead of the authenticator app's code; uses it up, tells the customer",
        tags,
        body: recoveryLoginBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request, reply) => {
      const from = browserOf(request);
      return sessionStarted(
        reply,
        from.device,
        await signInWithRecoveryCode({ ctx, ...request.body, ...from }),
      );
    },
  );

  app.post(
    apiPaths.auth.resendCode,
    {
      schema: {
        summary:
          "Sign in, step 2: mail a new code for the open sign-in (the last one stops working; a few per account)",
        tags,
        body: resendCodeBodySchema,
        response: { 200: loginChallengeSchema },
      },
    },
    async (request) => resendSignInCode({ ctx, challengeId: request.body.challengeId }),
  );

  app.post(
    apiPaths.auth.logout,
    { schema: { summary: "Sign out: ends the session on the server", tags, response: { 204: z.null() } } },
    async (request, reply) => {
      await signOut({ ctx, sessionToken: cookies.read(request) });
      cookies.clear(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    apiPaths.auth.me,
    {
      schema: { summary: "The signed-in person", tags, response: { 200: meResponseSchema } },
      preHandler: requireAuth,
    },
    async (request) => ({ user: toSessionUser(signedIn(request).user) }),
  );

  app.post(
    apiPaths.auth.resetRequest,
    {
      schema: {
        summary: "Mail a password reset link (the answer is the same whether or not the account exists)",
        tags,
        body: passwordResetRequestBodySchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset({ ctx, email: request.body.email, client: clientOf(request) });
      return reply.code(202).send({ message: PASSWORD_RESET_SENT_MESSAGE });
    },
  );

  app.post(
    apiPaths.auth.resetConfirm,
    {
      schema: {
        summary: "Set a new password with a reset link's token; ends every session of the account",
        tags,
        body: passwordResetConfirmBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resetPassword({ ctx, token: request.body.token, password: request.body.password });
      return { message: authText.passwordReset };
    },
  );

  app.post(
    apiPaths.auth.verifyEmail,
    {
      schema: {
        summary:
          "Verify the email address with a mailed link's token (no session needed; a used link says so)",
        tags,
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailResponseSchema },
      },
    },
    async (request) => verifyEmail({ ctx, token: request.body.token }),
  );

  app.post(
    apiPaths.auth.verifyEmailResend,
    {
      schema: {
        summary: "Mail the signed-in person a new email verification link (a few per hour)",
        tags,
        body: z.object({}).optional(),
        response: { 202: messageResponseSchema },
      },
      preHandler: requireAuth,
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await resendVerificationEmail({ ctx, user });
      return reply.code(202).send({ message: authText.verificationEmailSent(user.email) });
    },
  );
};
