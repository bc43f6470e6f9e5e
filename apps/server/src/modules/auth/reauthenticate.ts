import type { FreshProof, LoginChallenge } from "@satsbank/shared";
import { SIGN_IN_CHALLENGE_TTL_MS } from "../../domain/auth-policy.js";
import type { Client } from "../../domain/device.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import { consumeChallenge, replaceChallenge } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { reauthenticationCodeEmail } from "./emails.js";
import { markSessionProved } from "./fresh-proof.js";
import { openSecondStep, reauthenticationExpired } from "./second-step.js";
import { hashToken, macCode, newCode, newToken } from "./tokens.js";
import { findTwoFactorSecrets, useTotpStep } from "./user-queries.js";
import { checkCode, wrongCode } from "./verify-sign-in.js";

// A fresh proof without a passkey: the password (checked by the caller: the account module's
// checkCurrentPassword, which counts failures) and then a second step as sign-in's, a code by email or the
// authenticator app's. Its challenge (purpose `reauthenticate`) only ever proves the session that asked
// again: sign-in refuses it, and this refuses a sign-in's.

/**
 * Step 1, after the right password: opens the second step (replacing any open challenge of the account)
 * and mails the code, or asks for the authenticator app's when two-factor is on.
 */
export async function startReauthentication({
  ctx,
  user,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "mailer" | "authKeys" | "brandName">;
  user: User;
}): Promise<LoginChallenge> {
  const now = ctx.clock.now();
  const challengeId = newToken();
  const idHash = hashToken(challengeId);
  const method = user.twoFactorEnabled ? "totp" : "email";
  const code = method === "email" ? newCode() : null;
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_MS);
  if (code !== null)
    await ctx.limiter.take({ rule: rateLimitRules.signInCodesMailedPerAccount, key: user.id });
  await replaceChallenge(ctx.db, {
    idHash,
    userId: user.id,
    method,
    purpose: "reauthenticate",
    codeMac: code === null ? null : macCode(ctx.authKeys.codeMac, idHash, code),
    remember: false,
    createdAt: now,
    expiresAt,
  });
  if (code !== null)
    await ctx.mailer.send(reauthenticationCodeEmail({ to: user.email, brandName: ctx.brandName, code }));
  return { challengeId, method, expiresAt: expiresAt.toISOString() };
}

/**
 * Step 2: the code of the person's own `reauthenticate` challenge (good once, 10 minutes, 5 wrong tries;
 * wrong codes count per address and per account as sign-in's do). A right one makes the session's proof
 * fresh, in the db transaction that uses the challenge up (and the app's time step).
 */
export async function verifyReauthentication({
  ctx,
  user,
  sessionId,
  challengeId,
  code,
  client,
}: {
  ctx: Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys" | "geo">;
  user: User;
  sessionId: string;
  challengeId: string;
  code: string;
  client: Client;
}): Promise<FreshProof> {
  const now = ctx.clock.now();
  const step = await openSecondStep(ctx, {
    challengeId,
    client,
    now,
    purpose: "reauthenticate",
    userId: user.id,
  });
  const { challenge } = step;
  const secrets = challenge.method === "totp" ? await findTwoFactorSecrets(ctx.db, user.id) : undefined;
  // Two-factor was turned off since: the app's code proves nothing now.
  if (challenge.method === "totp" && (secrets?.totpSecret ?? null) === null) throw reauthenticationExpired();
  const checked = checkCode(ctx, { challenge, user: step.user, secrets, code, now });
  if (!checked.right) throw wrongCode();
  await ctx.limiter.refund(step.taken);
  const freshUntil = await ctx.db.transaction(async (tx) => {
    if (!(await consumeChallenge(tx, step.idHash, now))) throw reauthenticationExpired();
    if (checked.step !== null && !(await useTotpStep(tx, user.id, checked.step))) throw wrongCode();
    return markSessionProved(tx, { sessionId, now });
  });
  return { freshUntil: freshUntil.toISOString() };
}
