import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import {
  type AuthContext,
  authText,
  decryptSecret,
  deleteUserRecoveryCodes,
  issueRecoveryCodes,
  totpStep,
  updateUser,
} from "../auth/index.js";
import { type Notice, notify } from "../notifications/index.js";

/** Turning two-factor authentication on or off: the signed-in user and a code from their app. */
export type TwoFactorSwitch = {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys">;
  user: User;
  code: string;
};

/**
 * Checks an authenticator code against one of the account's sealed secrets (the pending one while
 * enrolling, the active one to turn it off) and returns its time step. A wrong or already used code is a
 * 400 on the code field and counts toward a per-account limit, so a stolen session cannot guess its way
 * to turning two-factor authentication off.
 */
export async function checkTwoFactorCode({
  ctx,
  userId,
  sealedSecret,
  lastStep,
  code,
}: {
  ctx: Pick<AuthContext, "clock" | "limiter" | "authKeys">;
  userId: string;
  sealedSecret: string;
  /** The last time step the account used: an older or equal one is refused. */
  lastStep: number | null;
  code: string;
}): Promise<number> {
  const rule = rateLimitRules.twoFactorFailuresPerAccount;
  // Taken before the check, given back when the code is right: only failures count.
  const taken = await ctx.limiter.take({ rule, key: userId });
  const secret = decryptSecret(ctx.authKeys.totpSecret, sealedSecret, userId);
  const step = totpStep({ secret, code, now: ctx.clock.now() });
  if (step === null || (lastStep !== null && step <= lastStep)) {
    throw new AppError("VALIDATION_ERROR", authText.wrongCode, { code: authText.wrongCode });
  }
  await ctx.limiter.refund(taken);
  return step;
}

/**
 * Writes the account's new two-factor secrets and tells the customer of the change, in one db transaction;
 * turning it on makes the account's recovery codes (answered: the one time they are seen), turning it off
 * deletes them.
 */
export async function saveTwoFactorSwitch({
  ctx,
  user,
  secrets,
  notice,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "authKeys">;
  user: User;
  secrets: { totpSecret: string | null; totpPendingSecret: null; totpLastStep: number | null };
  notice: Omit<Notice, "userId" | "at">;
}): Promise<{ user: User; recoveryCodes: string[] }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const updated = await updateUser(tx, user.id, { ...secrets, updatedAt: now });
    let recoveryCodes: string[] = [];
    if (secrets.totpSecret === null) await deleteUserRecoveryCodes(tx, user.id);
    else recoveryCodes = await issueRecoveryCodes(tx, { keys: ctx.authKeys, userId: user.id, now });
    await notify(tx, { userId: user.id, at: now, ...notice });
    return { user: updated, recoveryCodes };
  });
}
