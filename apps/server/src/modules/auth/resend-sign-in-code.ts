import type { LoginChallenge } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { SIGN_IN_CHALLENGE_MAX_ATTEMPTS, SIGN_IN_CHALLENGE_TTL_MS } from "../../domain/auth-policy.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { findChallenge, renewChallengeCode } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { reauthenticationCodeEmail, signInCodeEmail } from "./emails.js";
import { authText } from "./messages.js";
import { reauthenticationExpired } from "./second-step.js";
import { hashToken, macCode, newCode } from "./tokens.js";
import { findUserById } from "./user-queries.js";

const expired = () => new AppError("UNAUTHENTICATED", authText.signInExpired);

/**
 * "Resend code" on the sign-in's code step: a new 6-digit code for the open emailed challenge, mailed
 * again; the code sent before stops working and the challenge has 10 minutes again (its spent attempts
 * stay spent). Only the holder of the challenge id (who typed the password) can ask, a few times per
 * account: `signInCodeResendsPerAccount`, and each mail counts toward `signInCodesMailedPerAccount`. An
 * authenticator's challenge mails nothing (400); one that ended answers as the code step does (401).
 */
export async function resendSignInCode({
  ctx,
  challengeId,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "authKeys" | "brandName">;
  challengeId: string;
}): Promise<LoginChallenge> {
  const now = ctx.clock.now();
  const idHash = hashToken(challengeId);
  const challenge = await findChallenge(ctx.db, idHash);
  const open =
    challenge !== undefined &&
    challenge.consumedAt === null &&
    challenge.expiresAt > now &&
    challenge.attempts < SIGN_IN_CHALLENGE_MAX_ATTEMPTS;
  const user = open ? await findUserById(ctx.db, challenge.userId) : undefined;
  // A signed-in person's proof (purpose `reauthenticate`) resends its own code, and ends as a proof does.
  const ended = challenge?.purpose === "reauthenticate" ? reauthenticationExpired : expired;
  if (!open || user === undefined) throw ended();
  if (user.status !== "active")
    throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
  if (challenge.method !== "email") throw new AppError("BAD_REQUEST", authText.noCodeToResend);
  await ctx.limiter.take(
    { rule: rateLimitRules.signInCodeResendsPerAccount, key: user.id },
    { rule: rateLimitRules.signInCodesMailedPerAccount, key: user.id },
  );
  const code = newCode();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
  const renewed = await renewChallengeCode(ctx.db, {
    idHash,
    codeMac: macCode(ctx.authKeys.codeMac, idHash, code),
    now,
    expiresAt,
    maxAttempts: SIGN_IN_CHALLENGE_MAX_ATTEMPTS,
  });
  // Replaced or used up meanwhile: nothing is mailed.
  if (!renewed) throw ended();
  const email = challenge.purpose === "signIn" ? signInCodeEmail : reauthenticationCodeEmail;
  await ctx.mailer.send(email({ to: user.email, brandName: ctx.brandName, code }));
  return { challengeId, method: "email", expiresAt: expiresAt.toISOString() };
}
