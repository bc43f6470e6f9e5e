import type { TwoFactorSetupResponse } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import {
  type AuthContext,
  authText,
  encryptSecret,
  newTotpSecret,
  totpUri,
  updateUser,
} from "../auth/index.js";
import { checkCurrentPassword } from "./current-password.js";

/**
 * Starts enrolling an authenticator app once the current password is proved (a session alone cannot bind
 * an app of its own to the account): a new secret, kept encrypted as pending until a code from the app
 * confirms it (enable-two-factor.ts). Starting again replaces the pending secret.
 */
export async function setupTwoFactor({
  ctx,
  user,
  currentPassword,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys" | "brandName">;
  user: User;
  currentPassword: string;
}): Promise<TwoFactorSetupResponse> {
  if (user.twoFactorEnabled) throw new AppError("CONFLICT", authText.twoFactorAlreadyOn);
  await checkCurrentPassword({ ctx, user, currentPassword });
  const secret = newTotpSecret();
  await updateUser(ctx.db, user.id, {
    totpPendingSecret: encryptSecret(ctx.authKeys.totpSecret, secret, user.id),
    updatedAt: ctx.clock.now(),
  });
  return { secret, otpauthUri: totpUri({ secret, issuer: ctx.brandName, label: user.email }) };
}
