import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import { type AuthContext, authText, findPasswordHash, verifyPassword } from "../auth/index.js";

/**
 * Checks the password a signed-in person typed again before changing how they sign in (a new password,
 * an authenticator app). A wrong one is a 400 on the currentPassword field and counts toward the account's
 * sign-in failure limit, so a stolen session cannot guess freely; a right one costs nothing.
 */
export async function checkCurrentPassword({
  ctx,
  user,
  currentPassword,
}: {
  ctx: Pick<AuthContext, "db" | "limiter">;
  user: User;
  currentPassword: string;
}): Promise<void> {
  // Taken before the check, given back when the password is right: only failures count.
  const taken = await ctx.limiter.take({ rule: rateLimitRules.signInFailuresPerAccount, key: user.email });
  // The hash is read here, for this check only: the signed-in user never carries it.
  const storedHash = await findPasswordHash(ctx.db, user.id);
  if (storedHash === undefined) throw new Error(`no user ${user.id}`);
  if (!(await verifyPassword(storedHash, currentPassword))) {
    throw new AppError("VALIDATION_ERROR", authText.currentPasswordWrong, {
      currentPassword: authText.currentPasswordWrong,
    });
  }
  await ctx.limiter.refund(taken);
}
