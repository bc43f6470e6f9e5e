import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import { authText, findTwoFactorSecrets } from "../auth/index.js";
import { notices } from "../notifications/index.js";
import { checkTwoFactorCode, saveTwoFactorSwitch, type TwoFactorSwitch } from "./two-factor-code.js";

/**
 * Turns two-factor authentication on once a code proves the app holds the pending secret, and makes the
 * account's 10 recovery codes (answered once: the customer keeps them); the customer is told, in the same
 * db transaction.
 */
export async function enableTwoFactor({
  ctx,
  user,
  code,
}: TwoFactorSwitch): Promise<{ user: User; recoveryCodes: string[] }> {
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
  return saveTwoFactorSwitch({
    ctx,
    user,
    secrets: { totpSecret: secrets.totpPendingSecret, totpPendingSecret: null, totpLastStep: step },
    notice: notices.twoFactorEnabled(),
  });
}
