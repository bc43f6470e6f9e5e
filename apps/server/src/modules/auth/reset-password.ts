import { authMessages } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { notices, notify } from "../notifications/index.js";
import { deleteUserChallenges } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { authText } from "./messages.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { consumeResetToken, deleteUserResetTokens, findUsableResetToken } from "./reset-token-queries.js";
import { deleteUserSessions } from "./session-queries.js";
import { hashToken } from "./tokens.js";
import { findPasswordHash, updateUser } from "./user-queries.js";

const invalidLink = () => new AppError("BAD_REQUEST", authText.resetLinkInvalid);

/**
 * Sets a new password from a reset link. The link works once; the account's sessions, open sign-ins and
 * other reset links all end, since whoever held them may be who the owner is locking out. The password the
 * account already has is refused on the password field (the link stays usable): a reset to it changes
 * nothing.
 */
export async function resetPassword({
  ctx,
  token,
  password,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter">;
  token: string;
  password: string;
}): Promise<void> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  // A bad link costs no password hash.
  const holder = await findUsableResetToken(ctx.db, tokenHash, now);
  if (holder === undefined) throw invalidLink();
  const storedHash = await findPasswordHash(ctx.db, holder);
  if (storedHash !== undefined && (await verifyPassword(storedHash, password))) {
    throw new AppError("VALIDATION_ERROR", authMessages.passwordUnchanged, {
      password: authMessages.passwordUnchanged,
    });
  }
  const passwordHash = await hashPassword(password);
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash, now);
    if (userId === undefined) throw invalidLink();
    const updated = await updateUser(tx, userId, { passwordHash, updatedAt: now });
    await deleteUserSessions(tx, userId);
    await deleteUserChallenges(tx, userId);
    await deleteUserResetTokens(tx, userId);
    await notify(tx, { userId, at: now, ...notices.passwordReset() });
    return updated;
  });
  // The owner proved control of the email: earlier wrong guesses no longer hold the account.
  await ctx.limiter.clear(rateLimitRules.signInFailuresPerAccount, user.email);
  await ctx.limiter.clear(rateLimitRules.codeFailuresPerAccount, user.id);
}
