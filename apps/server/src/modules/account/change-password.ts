import type { User } from "../../domain/user.js";
import {
  type AuthContext,
  deleteUserChallenges,
  deleteUserResetTokens,
  deleteUserSessions,
  hashPassword,
  updateUser,
} from "../auth/index.js";
import { notices, notify } from "../notifications/index.js";
import { checkCurrentPassword } from "./current-password.js";

/**
 * Changes the password after checking the current one. Every other session of the account ends (this
 * one stays), and so do open sign-ins and reset links made under the old password (a wrong current
 * password: see current-password.ts). The customer is told, always (a notification in the same db transaction).
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
  await checkCurrentPassword({ ctx, user, currentPassword });
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
