import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import {
  type AuthContext,
  authText,
  deleteUserChallenges,
  deleteUserResetTokens,
  deleteUserSessions,
  findPasswordHash,
  hashPassword,
  updateUser,
  verifyPassword,
} from "../auth/index.js";
import { notices, notify } from "../notifications/index.js";

const wrongCurrent = () =>
  new AppError("VALIDATION_ERROR", authText.currentPasswordWrong, {
    currentPassword: authText.currentPasswordWrong,
  });

/**
 * Changes the password after checking the current one. Every other session of the account ends (this
 * one stays), and so do open sign-ins and reset links made under the old password. Wrong current
 * passwords count toward the account's sign-in failure limit: a stolen session cannot guess freely. The
 * customer is told, always (a notification in the same db transaction).
 */
export async function changePassword({
  ctx,
  user,
  sessionId,
  currentPassword,
  newPassword,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter">;
  user: User;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  // Taken before the check, given back when the password is right: only failures count.
  const taken = await ctx.limiter.take({ rule: rateLimitRules.signInFailuresPerAccount, key: user.email });
  // The hash is read here, for this check only: the signed-in user never carries it.
  const storedHash = await findPasswordHash(ctx.db, user.id);
  if (storedHash === undefined) throw new Error(`no user ${user.id}`);
  if (!(await verifyPassword(storedHash, currentPassword))) {
    throw wrongCurrent();
  }
  await ctx.limiter.refund(taken);
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await deleteUserSessions(tx, user.id, sessionId);
    await deleteUserChallenges(tx, user.id);
    await deleteUserResetTokens(tx, user.id);
    await notify(tx, { userId: user.id, at: now, ...notices.passwordChanged() });
  });
}
