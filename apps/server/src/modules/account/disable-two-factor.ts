import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import { type AuthContext, authText, findTwoFactorSecrets, updateUser } from "../auth/index.js";
import { notices, notify } from "../notifications/index.js";
import { checkTwoFactorCode } from "./two-factor-code.js";

/**
 * Turns two-factor authentication off, with a current code from the app; sign-in codes go by email again.
 * The customer is told, always, in the same db transaction.
 */
export async function disableTwoFactor({
  ctx,
  user,
  code,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys">;
  user: User;
  code: string;
}): Promise<User> {
  const secrets = await findTwoFactorSecrets(ctx.db, user.id);
  if (secrets === undefined || secrets.totpSecret === null)
    throw new AppError("CONFLICT", authText.twoFactorNotOn);
  await checkTwoFactorCode({
    ctx,
    userId: user.id,
    sealedSecret: secrets.totpSecret,
    lastStep: secrets.totpLastStep,
    code,
  });
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, {
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
      updatedAt: now,
    });
    await notify(tx, { userId: user.id, at: now, ...notices.twoFactorDisabled() });
    return updated;
  });
}
