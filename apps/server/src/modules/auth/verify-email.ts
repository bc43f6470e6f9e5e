import type { VerifyEmailResponse } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import type { AuthContext } from "./context.js";
import {
  consumeEmailVerificationToken,
  findEmailVerificationToken,
  markEmailVerified,
} from "./email-verification-queries.js";
import { authText } from "./messages.js";
import { hashToken } from "./tokens.js";
import { findUserById } from "./user-queries.js";

const alreadyVerified: VerifyEmailResponse = {
  status: "already-verified",
  message: authText.emailAlreadyVerified,
};

/**
 * Confirms a mailed verification link. It needs no session: the link may be opened on another device.
 * The first use verifies the address it was mailed to; opening it again (a mail client's preview, a
 * second click) answers that the address is already verified rather than an error. An unknown link, or
 * an expired one of a still unverified address, is a 400 that says which.
 */
export async function verifyEmail({
  ctx,
  token,
}: {
  ctx: Pick<AuthContext, "db" | "clock">;
  token: string;
}): Promise<VerifyEmailResponse> {
  const now = ctx.clock.now();
  const link = await findEmailVerificationToken(ctx.db, hashToken(token));
  if (link === undefined) throw new AppError("BAD_REQUEST", authText.verifyLinkInvalid);
  if (link.usedAt !== null) return alreadyVerified;
  if (link.expiresAt <= now) {
    const user = await findUserById(ctx.db, link.userId);
    if (user?.emailVerified === true && user.email === link.email) return alreadyVerified;
    throw new AppError("BAD_REQUEST", authText.verifyLinkExpired);
  }
  const verified = await ctx.db.transaction(async (tx) => {
    // Of two requests racing with the link, the second finds it used: already verified.
    if (!(await consumeEmailVerificationToken(tx, link.id, now))) return false;
    if (!(await markEmailVerified(tx, { userId: link.userId, email: link.email, at: now }))) {
      // The account's address changed since the link was mailed: it verifies nothing now.
      throw new AppError("BAD_REQUEST", authText.verifyLinkInvalid);
    }
    return true;
  });
  return verified ? { status: "verified", message: authText.emailVerified } : alreadyVerified;
}
