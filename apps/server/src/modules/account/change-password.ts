import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { AuthContext } from "../auth/context.js";
import { authText } from "../auth/messages.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import {
  deleteUserChallenges,
  deleteUserResetTokens,
  deleteUserSessions,
  type UserRow,
  updateUser,
} from "../auth/queries.js";

const wrongCurrent = () =>
  new AppError("VALIDATION_ERROR", authText.currentPasswordWrong, {
    currentPassword: authText.currentPasswordWrong,
  });

/**
 * Changes the password after checking the current one. Every other session of the account ends (this
 * one stays), and so do open sign-ins and reset links made under the old password. Wrong current
 * passwords count toward the account's sign-in failure limit: a stolen session cannot guess freely.
 */
export async function changePassword({
  ctx,
  user,
  sessionId,
  currentPassword,
  newPassword,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter">;
  user: UserRow;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
}): Promise<void> {
  await ctx.limiter.check(rateLimitRules.signInFailuresPerAccount, user.email);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await ctx.limiter.hit(rateLimitRules.signInFailuresPerAccount, user.email);
    throw wrongCurrent();
  }
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash, updatedAt: now });
    await deleteUserSessions(tx, user.id, sessionId);
    await deleteUserChallenges(tx, user.id);
    await deleteUserResetTokens(tx, user.id);
  });
}
