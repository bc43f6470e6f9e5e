import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { AuthContext } from "../auth/context.js";
import { decryptSecret } from "../auth/keys.js";
import { authText } from "../auth/messages.js";
import type { UserRow } from "../auth/queries.js";
import { totpStep } from "../auth/totp.js";

/**
 * Checks an authenticator code against one of the account's sealed secrets (the pending one while
 * enrolling, the active one to turn it off) and returns its time step. A wrong or already used code is a
 * 400 on the code field and counts toward a per-account limit, so a stolen session cannot guess its way
 * to turning two-factor authentication off.
 */
export async function checkTwoFactorCode({
  ctx,
  user,
  sealedSecret,
  code,
}: {
  ctx: Pick<AuthContext, "clock" | "limiter" | "authKeys">;
  user: UserRow;
  sealedSecret: string;
  code: string;
}): Promise<number> {
  const rule = rateLimitRules.twoFactorFailuresPerAccount;
  await ctx.limiter.check(rule, user.id);
  const secret = decryptSecret(ctx.authKeys.totpSecret, sealedSecret, user.id);
  const step = totpStep({ secret, code, now: ctx.clock.now() });
  if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) {
    await ctx.limiter.hit(rule, user.id);
    throw new AppError("VALIDATION_ERROR", authText.wrongCode, { code: authText.wrongCode });
  }
  return step;
}
