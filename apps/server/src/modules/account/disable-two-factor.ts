import type { TwoFactorDisableBody } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import { authText, findTwoFactorSecrets, spendRecoveryCode } from "../auth/index.js";
import { notices } from "../notifications/index.js";
import { checkTwoFactorCode, saveTwoFactorSwitch, type TwoFactorSwitch } from "./two-factor-code.js";

/**
 * Turns two-factor authentication off, with a current code from the app or (the device lost) one of the
 * account's recovery codes, which it uses up; sign-in codes go by email again and the recovery codes are
 * deleted. Wrong codes of either kind count toward the same per-account limit. The customer is told,
 * always, in the same db transaction.
 */
export async function disableTwoFactor({
  ctx,
  user,
  body,
}: Omit<TwoFactorSwitch, "code"> & { body: TwoFactorDisableBody }): Promise<User> {
  const secrets = await findTwoFactorSecrets(ctx.db, user.id);
  if (secrets === undefined || secrets.totpSecret === null)
    throw new AppError("CONFLICT", authText.twoFactorNotOn);
  if ("code" in body) {
    await checkTwoFactorCode({
      ctx,
      userId: user.id,
      sealedSecret: secrets.totpSecret,
      lastStep: secrets.totpLastStep,
      code: body.code,
    });
  } else {
    const rule = rateLimitRules.twoFactorFailuresPerAccount;
    const taken = await ctx.limiter.take({ rule, key: user.id });
    const now = ctx.clock.now();
    if (
      !(await spendRecoveryCode(ctx.db, {
        keys: ctx.authKeys,
        userId: user.id,
        typed: body.recoveryCode,
        now,
      }))
    ) {
      throw new AppError("VALIDATION_ERROR", authText.wrongRecoveryCode, {
        recoveryCode: authText.wrongRecoveryCode,
      });
    }
    await ctx.limiter.refund(taken);
  }
  const saved = await saveTwoFactorSwitch({
    ctx,
    user,
    secrets: { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
    notice: notices.twoFactorDisabled(),
  });
  return saved.user;
}
