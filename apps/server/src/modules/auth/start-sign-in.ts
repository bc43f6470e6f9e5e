import type { LoginChallenge } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { SIGN_IN_CHALLENGE_TTL_MS } from "../../domain/auth-policy.js";
import { normalizeEmail } from "../../domain/email.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { AuthContext, Client } from "./context.js";
import { signInCodeEmail } from "./emails.js";
import { recordFailedSignIn } from "./login-events.js";
import { authText } from "./messages.js";
import { verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { deleteStaleChallenges, findUserByEmail, insertChallenge } from "./queries.js";
import { hashToken, macCode, newCode, newToken } from "./tokens.js";

const { signInFailuresPerAccount, signInFailuresPerIp } = rateLimitRules;

/**
 * Sign-in, step 1: checks the password and opens a second step: the authenticator code when the account
 * enrolled one, otherwise a 6-digit code sent by email. A wrong email and a wrong password get the same
 * answer after the same work, and count toward the same limits, so nothing tells whether an account
 * exists.
 */
export async function startSignIn({
  ctx,
  email,
  password,
  remember,
  client,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "authKeys" | "geo" | "brandName">;
  email: string;
  password: string;
  remember: boolean;
  client: Client;
}): Promise<LoginChallenge> {
  const accountKey = normalizeEmail(email);
  // Limits first: a locked-out guesser costs no password hash.
  await ctx.limiter.check(signInFailuresPerAccount, accountKey);
  await ctx.limiter.check(signInFailuresPerIp, client.ip);

  const user = await findUserByEmail(ctx.db, accountKey);
  const passwordOk =
    user === undefined
      ? await verifyAgainstDummy(password)
      : await verifyPassword(user.passwordHash, password);
  if (user === undefined || !passwordOk) {
    await ctx.limiter.hit(signInFailuresPerAccount, accountKey);
    await ctx.limiter.hit(signInFailuresPerIp, client.ip);
    if (user !== undefined) await recordFailedSignIn(ctx, { userId: user.id, client });
    throw new AppError("UNAUTHENTICATED", authText.invalidCredentials);
  }
  // The right password ends the account's run of failures (the IP's count stays).
  await ctx.limiter.clear(signInFailuresPerAccount, accountKey);

  const now = ctx.clock.now();
  const challengeId = newToken();
  const idHash = hashToken(challengeId);
  const method = user.totpSecret === null ? "email" : "totp";
  const code = method === "email" ? newCode() : null;
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
  await deleteStaleChallenges(ctx.db, user.id, now);
  await insertChallenge(ctx.db, {
    idHash,
    userId: user.id,
    method,
    codeMac: code === null ? null : macCode(ctx.authKeys.codeMac, idHash, code),
    remember,
    createdAt: now,
    expiresAt,
  });
  if (code !== null)
    await ctx.mailer.send(signInCodeEmail({ to: user.email, brandName: ctx.brandName, code }));
  return { challengeId, method, expiresAt: expiresAt.toISOString() };
}
