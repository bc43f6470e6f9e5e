import { AppError } from "../../domain/app-error.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import type { AuthContext } from "./context.js";
import { createVerificationLink, mailVerificationLink } from "./email-verification.js";
import { authText } from "./messages.js";

/**
 * Mails the signed-in customer a new verification link (the earlier ones stay good until they expire).
 * A few per hour per account: each one is a mail the bank sends to an address nobody has proven.
 */
export async function resendVerificationEmail({
  ctx,
  user,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "brandName" | "publicUrl">;
  user: User;
}): Promise<void> {
  if (user.emailVerified) throw new AppError("CONFLICT", authText.emailAlreadyVerified);
  await ctx.limiter.take({ rule: rateLimitRules.verificationEmailsPerAccount, key: user.id });
  const link = await createVerificationLink(ctx.db, { user, now: ctx.clock.now(), publicUrl: ctx.publicUrl });
  await mailVerificationLink(ctx, { to: user.email, link });
}
