import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import { type AuthContext, authText, findTwoFactorSecrets, updateUser } from "../auth/index.js";
import { notices, notify } from "../notifications/index.js";
import { checkTwoFactorCode } from "./two-factor-code.js";

/**
 * Turns two-factor authentication on once a code proves the app holds the pending secret; the customer is
 * told (with Security Alerts on), in the same db transaction.
 */
export async function enableTwoFactor({
  ctx,
  user,
  code,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys">;
  user: User;
  code: string;
}): Promise<User> {
  const secrets = await findTwoFactorSecrets(ctx.db, user.id);
  if (secrets === undefined) throw new Error(`no user ${user.id}`);
  if (secrets.totpSecret !== null) throw new AppError("CONFLICT", authText.twoFactorAlreadyOn);
  if (secrets.totpPendingSecret === null) throw new AppError("BAD_REQUEST", authText.twoFactorSetupFirst);
  const step = await checkTwoFactorCode({
    ctx,
    userId: user.id,
    sealedSecret: secrets.totpPendingSecret,
    lastStep: secrets.totpLastStep,
    code,
  });
  // The confirming code's step counts as used: it cannot sign in a second time.
  const now = ctx.clock.now();
  const values = {
    totpSecret: secrets.totpPendingSecret,
    totpPendingSecret: null,
    totpLastStep: step,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, values);
    await notify(tx, { userId: user.id, at: now, ...notices.twoFactorEnabled() });
    return updated;
  });
}
