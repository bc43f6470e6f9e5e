import type { LoginChallenge } from "@satsbank/shared";
import { AppError } from "../../domain/app-error.js";
import { SIGN_IN_CHALLENGE_TTL_MS } from "../../domain/auth-policy.js";
import type { Client, KnownDevice } from "../../domain/device.js";
import { normalizeEmail } from "../../domain/email.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import { replaceChallenge } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { signInCodeEmail } from "./emails.js";
import { recordFailedSignIn } from "./login-events.js";
import { authText } from "./messages.js";
import { verifyAgainstDummy, verifyPassword } from "./passwords.js";
import { hashToken, macCode, newCode, newToken } from "./tokens.js";
import { findSignInCredentials } from "./user-queries.js";

const {
  signInFailuresPerAccount,
  signInFailuresPerIp,
  signInFailuresPerKnownDevice,
  signInCodesMailedPerAccount,
} = rateLimitRules;

/**
 * Sign-in, step 1: checks the password and opens a second step: the authenticator code when the account
 * enrolled one, otherwise a 6-digit code sent by email. A wrong email and a wrong password get the same
 * answer after the same work, and count toward the same limits, so nothing tells whether an account
 * exists. A browser whose device cookie names the account counts its failures on its own, instead of
 * on the account's and the address's shared limits: nobody else's wrong passwords lock it out.
 */
export async function startSignIn({
  ctx,
  email,
  password,
  remember,
  client,
  device,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "authKeys" | "geo" | "brandName">;
  email: string;
  password: string;
  remember: boolean;
  client: Client;
  /** The browser's device cookie, when it has a valid one. */
  device: KnownDevice | null;
}): Promise<LoginChallenge> {
  const accountKey = normalizeEmail(email);
  const user = await findSignInCredentials(ctx.db, accountKey);
  const deviceKey =
    user !== undefined && device?.accountIds.includes(user.id) === true ? `${user.id}:${device.id}` : null;
  // The hits are taken before the password is checked, each in one atomic step, so a burst of guesses
  // gets no more checks than the limit, and a locked-out guesser costs no password hash. A right password
  // gives them back: only failures count.
  const taken = await ctx.limiter.take(
    ...(deviceKey !== null
      ? [{ rule: signInFailuresPerKnownDevice, key: deviceKey }]
      : [
          { rule: signInFailuresPerAccount, key: accountKey },
          { rule: signInFailuresPerIp, key: client.ip },
        ]),
  );
  const passwordOk =
    user === undefined
      ? await verifyAgainstDummy(password)
      : await verifyPassword(user.passwordHash, password);
  if (user === undefined || !passwordOk) {
    if (user !== undefined) await recordFailedSignIn(ctx, { userId: user.id, client, method: "password" });
    throw new AppError("UNAUTHENTICATED", authText.invalidCredentials);
  }
  await ctx.limiter.refund(taken);
  // The right password ends the run of failures it was counted with (the IP's earlier failures stay). A
  // known device's success leaves the shared count alone: it must not hand a guesser a fresh five.
  if (deviceKey === null) await ctx.limiter.clear(signInFailuresPerAccount, accountKey);
  else await ctx.limiter.clear(signInFailuresPerKnownDevice, deviceKey);
  // Deactivated by staff: said plainly, but only to someone who knows the password. It shows in the
  // account's login history as a failed attempt.
  if (user.status !== "active") {
    await recordFailedSignIn(ctx, { userId: user.id, client, method: "password" });
    throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
  }

  const now = ctx.clock.now();
  const challengeId = newToken();
  const idHash = hashToken(challengeId);
  const method = user.twoFactorEnabled ? "totp" : "email";
  const code = method === "email" ? newCode() : null;
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
  if (code !== null) await ctx.limiter.take({ rule: signInCodesMailedPerAccount, key: user.id });
  await replaceChallenge(ctx.db, {
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
