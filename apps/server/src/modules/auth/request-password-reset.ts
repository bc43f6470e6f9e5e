import { PASSWORD_RESET_TTL_MS } from "../../domain/auth-policy.js";
import type { Client } from "../../domain/device.js";
import { normalizeEmail } from "../../domain/email.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { AuthContext } from "./context.js";
import { passwordResetEmail } from "./emails.js";
import { insertResetToken } from "./reset-token-queries.js";
import { hashToken, newToken } from "./tokens.js";
import { findUserByEmail } from "./user-queries.js";

const { resetRequestsPerEmail, resetRequestsPerIp } = rateLimitRules;

/** The page of the web app that reads the token. */
export const RESET_PASSWORD_PATH = "/auth/reset-password";

/**
 * Mails a single-use reset link valid for 30 minutes when the email has an account. The caller answers
 * the same either way, and this does the same work either way (the token is made and hashed regardless;
 * the mail goes out without waiting for a server), so neither the answer nor its timing tells whether
 * the account exists.
 */
export async function requestPasswordReset({
  ctx,
  email,
  client,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "brandName" | "publicUrl">;
  email: string;
  client: Client;
}): Promise<void> {
  const key = normalizeEmail(email);
  await ctx.limiter.take({ rule: resetRequestsPerEmail, key }, { rule: resetRequestsPerIp, key: client.ip });

  const token = newToken();
  const tokenHash = hashToken(token);
  const now = ctx.clock.now();
  const user = await findUserByEmail(ctx.db, key);
  if (user === undefined) return;
  await insertResetToken(ctx.db, {
    tokenHash,
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS),
  });
  const link = `${ctx.publicUrl}${RESET_PASSWORD_PATH}?token=${token}`;
  await ctx.mailer.send(passwordResetEmail({ to: user.email, brandName: ctx.brandName, link }));
}
