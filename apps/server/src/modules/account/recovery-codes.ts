import type { RecoveryCodesBody } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import type { User } from "../../domain/user.js";
import {
  type AuthContext,
  authText,
  countUnusedRecoveryCodes,
  findTwoFactorSecrets,
  issueRecoveryCodes,
  updateUser,
} from "../auth/index.js";
import { notices, notify } from "../notifications/index.js";
import { checkCurrentPassword } from "./current-password.js";
import { checkTwoFactorCode } from "./two-factor-code.js";

type Ctx = Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys">;

/**
 * New recovery codes for an account with two-factor on: the old ones, used or not, stop working. Proved
 * with the current password (the app may be lost: the customer signed in with a recovery code) or a
 * current code from the app (its time step then counts as used); wrong ones count toward their usual
 * limits. Answers the codes, the one time they are seen; the customer is told, always.
 */
export async function regenerateRecoveryCodes({
  ctx,
  user,
  body,
}: {
  ctx: Ctx;
  user: User;
  body: RecoveryCodesBody;
}): Promise<string[]> {
  const secrets = await findTwoFactorSecrets(ctx.db, user.id);
  if (secrets === undefined || secrets.totpSecret === null)
    throw new AppError("CONFLICT", authText.twoFactorNotOn);
  let usedStep: number | null = null;
  if ("code" in body) {
    usedStep = await checkTwoFactorCode({
      ctx,
      userId: user.id,
      sealedSecret: secrets.totpSecret,
      lastStep: secrets.totpLastStep,
      code: body.code,
    });
  } else {
    await checkCurrentPassword({ ctx, user, currentPassword: body.currentPassword });
  }
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    if (usedStep !== null) await updateUser(tx, user.id, { totpLastStep: usedStep, updatedAt: now });
    const codes = await issueRecoveryCodes(tx, { keys: ctx.authKeys, userId: user.id, now });
    await notify(tx, { userId: user.id, at: now, ...notices.recoveryCodesRegenerated() });
    return codes;
  });
}

/** How many recovery codes the account has left (0 with two-factor off). */
export async function recoveryCodesLeft({ ctx, user }: { ctx: Pick<AuthContext, "db">; user: User }) {
  return { remaining: await countUnusedRecoveryCodes(ctx.db, user.id) };
}
