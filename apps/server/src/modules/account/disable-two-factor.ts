import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import { authText, findTwoFactorSecrets } from "../auth/index.js";
import { notices } from "../notifications/index.js";
import { checkTwoFactorCode, saveTwoFactorSwitch, type TwoFactorSwitch } from "./two-factor-code.js";

/**
 * Turns two-factor authentication off, with a current code from the app; sign-in codes go by email again.
 * The customer is told, always, in the same db transaction.
 */
export async function disableTwoFactor({ ctx, user, code }: TwoFactorSwitch): Promise<User> {
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
  return saveTwoFactorSwitch({
    ctx,
    user,
    secrets: { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
    notice: notices.twoFactorDisabled(),
  });
}
