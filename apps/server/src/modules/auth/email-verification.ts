import type { Db } from "../../db/client.js";
import { EMAIL_VERIFICATION_TTL_MS } from "../../domain/auth-policy.js";
import type { User } from "../../domain/user.js";
import type { AuthContext } from "./context.js";
import { insertEmailVerificationToken } from "./email-verification-queries.js";
import { emailVerificationEmail } from "./emails.js";
import { hashToken, newToken } from "./tokens.js";

/** The page of the web app that reads the token and confirms it. */
export const VERIFY_EMAIL_PATH = "/auth/verify-email";

/**
 * Stores a fresh single-use link for the account's current address (only the token's SHA-256 is kept)
 * and returns it. Call it in the transaction that needs the link; mail it once that commits.
 */
export async function createVerificationLink(
  db: Db,
  { user, now, publicUrl }: { user: Pick<User, "id" | "email">; now: Date; publicUrl: string },
): Promise<string> {
  const token = newToken();
  await insertEmailVerificationToken(db, {
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS),
  });
  return `${publicUrl}${VERIFY_EMAIL_PATH}?token=${token}`;
}

export async function mailVerificationLink(
  ctx: Pick<AuthContext, "mailer" | "brandName">,
  { to, link }: { to: string; link: string },
): Promise<void> {
  await ctx.mailer.send(emailVerificationEmail({ to, brandName: ctx.brandName, link }));
}
