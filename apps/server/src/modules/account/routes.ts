import {
  apiPaths,
  changePasswordBodySchema,
  freshProofSchema,
  loginChallengeSchema,
  loginHistoryResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  reauthenticateBodySchema,
  reauthenticateVerifyBodySchema,
  recoveryCodesBodySchema,
  recoveryCodesResponseSchema,
  recoveryCodesStatusSchema,
  twoFactorCodeBodySchema,
  twoFactorDisableBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorSetupBodySchema,
  twoFactorSetupResponseSchema,
  updateProfileBodySchema,
} from "@satsbank/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientOf } from "../../plugins/client.js";
import { requireAuth, signedIn } from "../../plugins/session.js";
import { type AuthContext, authText, toSessionUser, verifyReauthentication } from "../auth/index.js";
import { changePassword } from "./change-password.js";
import { disableTwoFactor } from "./disable-two-factor.js";
import { enableTwoFactor } from "./enable-two-factor.js";
import { loginHistory } from "./login-history.js";
import { reauthenticate } from "./reauthenticate.js";
import { recoveryCodesLeft, regenerateRecoveryCodes } from "./recovery-codes.js";
import { setupTwoFactor } from "./setup-two-factor.js";
import { updateProfile } from "./update-profile.js";

const tags = ["account"];

/**
 * The signed-in person's own account: the details (name and phone), and the security settings: password,
 * two-factor authentication, login history, and the fresh proof (the password and a second step) that a
 * change to how the person signs in asks for.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AuthContext }> = async (app, { ctx }) => {
  // Every route here needs someone signed in.
  app.addHook("preHandler", requireAuth);

  app.patch(
    apiPaths.account.profile,
    {
      schema: {
        summary: "Change the name and phone of Account Details (the email cannot change)",
        tags,
        body: updateProfileBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const user = await updateProfile({ ctx, user: signedIn(request).user, body: request.body });
      return { user: toSessionUser(user) };
    },
  );

  app.post(
    apiPaths.account.password,
    {
      schema: {
        summary: "Change the password; ends the account's other sessions",
        tags,
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = signedIn(request);
      const { currentPassword, newPassword } = request.body;
      await changePassword({ ctx, user, sessionId, currentPassword, newPassword });
      return { message: authText.passwordUpdated };
    },
  );

  app.post(
    apiPaths.account.twoFactorSetup,
    {
      schema: {
        summary:
          "Start enrolling an authenticator app after the current password: a new secret, pending until confirmed",
        tags,
        body: twoFactorSetupBodySchema,
        response: { 200: twoFactorSetupResponseSchema },
      },
    },
    async (request) =>
      setupTwoFactor({ ctx, user: signedIn(request).user, currentPassword: request.body.currentPassword }),
  );

  app.post(
    apiPaths.account.twoFactorEnable,
    {
      schema: {
        summary:
          "Turn two-factor authentication on with a code from the app; answers the 10 recovery codes, shown once",
        tags,
        body: twoFactorCodeBodySchema,
        response: { 200: twoFactorEnableResponseSchema },
      },
    },
    async (request) => {
      const { user, recoveryCodes } = await enableTwoFactor({
        ctx,
        user: signedIn(request).user,
        code: request.body.code,
      });
      return { user: toSessionUser(user), recoveryCodes };
    },
  );

  app.post(
    apiPaths.account.twoFactorDisable,
    {
      schema: {
        summary:
          "Turn two-factor authentication off with a current code from the app, or a recovery code (used up)",
        tags,
        body: twoFactorDisableBodySchema,
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const user = await disableTwoFactor({ ctx, user: signedIn(request).user, body: request.body });
      return { user: toSessionUser(user) };
    },
  );

  app.get(
    apiPaths.account.recoveryCodes,
    {
      schema: {
        summary: "How many recovery codes are left unused (never the codes)",
        tags,
        response: { 200: recoveryCodesStatusSchema },
      },
    },
    async (request) => recoveryCodesLeft({ ctx, user: signedIn(request).user }),
  );

  app.post(
    apiPaths.account.recoveryCodes,
    {
      schema: {
        summary:
          "New recovery codes (the old ones stop working), with the current password or a code from the app; shown once",
        tags,
        body: recoveryCodesBodySchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes({ ctx, user: signedIn(request).user, body: request.body }),
    }),
  );

  app.post(
    apiPaths.account.reauthenticate,
    {
      schema: {
        summary:
          "Confirm it's you without a passkey, step 1: the current password; opens the second step (a code by email, or the authenticator app's)",
        tags,
        body: reauthenticateBodySchema,
        response: { 200: loginChallengeSchema },
      },
    },
    async (request) =>
      reauthenticate({ ctx, user: signedIn(request).user, currentPassword: request.body.currentPassword }),
  );

  app.post(
    apiPaths.account.reauthenticateVerify,
    {
      schema: {
        summary:
          "Confirm it's you, step 2: the code of your own confirmation (never a sign-in's); this session's proof is fresh for 10 minutes",
        tags,
        body: reauthenticateVerifyBodySchema,
        response: { 200: freshProofSchema },
      },
    },
    async (request) => {
      const { user, sessionId } = signedIn(request);
      return verifyReauthentication({ ctx, user, sessionId, ...request.body, client: clientOf(request) });
    },
  );

  app.get(
    apiPaths.account.loginHistory,
    {
      schema: {
        summary: "The account's latest sign-in attempts, newest first",
        tags,
        response: { 200: loginHistoryResponseSchema },
      },
    },
    async (request) => ({ entries: await loginHistory({ ctx, userId: signedIn(request).user.id }) }),
  );
};
