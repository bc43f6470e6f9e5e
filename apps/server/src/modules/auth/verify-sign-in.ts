import { AppError } from "../../domain/app-error.js";
import { SIGN_IN_CHALLENGE_MAX_ATTEMPTS } from "../../domain/auth-policy.js";
import type { Client, KnownDevice } from "../../domain/device.js";
import { sameDigest } from "../../domain/digest.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import { type ChallengeRow, claimCodeAttempt, consumeChallenge, findChallenge } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { decryptSecret } from "./keys.js";
import { recordFailedSignIn, recordSuccessfulSignIn } from "./login-events.js";
import { authText } from "./messages.js";
import { type NewSession, startSession } from "./sessions.js";
import { hashToken, macCode } from "./tokens.js";
import { totpStep } from "./totp.js";
import { findTwoFactorSecrets, findUserById, type TwoFactorSecrets, useTotpStep } from "./user-queries.js";

const expired = () => new AppError("UNAUTHENTICATED", authText.signInExpired);
const wrongCode = () => new AppError("BAD_REQUEST", authText.wrongCode, { code: authText.wrongCode });

type Ctx = Pick<AuthContext, "db" | "clock" | "limiter" | "authKeys" | "geo">;

/** Whether the code is right; for an authenticator code also the time step it used (null when wrong). */
function checkCode(
  ctx: Ctx,
  {
    challenge,
    user,
    secrets,
    code,
    now,
  }: { challenge: ChallengeRow; user: User; secrets: TwoFactorSecrets | undefined; code: string; now: Date },
): { right: boolean; step: number | null } {
  if (challenge.method === "email") {
    const right =
      challenge.codeMac !== null &&
      sameDigest(challenge.codeMac, macCode(ctx.authKeys.codeMac, challenge.idHash, code));
    return { right, step: null };
  }
  // Two-factor was turned off after this sign-in started: it cannot finish.
  if (secrets === undefined || secrets.totpSecret === null) throw expired();
  const step = totpStep({
    secret: decryptSecret(ctx.authKeys.totpSecret, secrets.totpSecret, user.id),
    code,
    now,
  });
  // A code whose time step was already used is refused: a code works once.
  const right = step !== null && (secrets.totpLastStep === null || step > secrets.totpLastStep);
  return { right, step };
}

/**
 * Sign-in, step 2: checks the code of a challenge and starts the session. A challenge is good once,
 * for 10 minutes and 5 wrong codes, until a newer sign-in of the account replaces it. Wrong codes also
 * count per client address and per account, across challenges.
 */
export async function verifySignIn({
  ctx,
  challengeId,
  code,
  client,
  device,
  previousSessionToken,
}: {
  ctx: Ctx;
  challengeId: string;
  code: string;
  client: Client;
  /** The browser's device cookie, when it has a valid one: a browser that knows the account. */
  device: KnownDevice | null;
  previousSessionToken: string | undefined;
}): Promise<{ user: User; session: NewSession }> {
  const now = ctx.clock.now();
  const idHash = hashToken(challengeId);
  const challenge = await findChallenge(ctx.db, idHash);
  const open =
    challenge !== undefined &&
    challenge.consumedAt === null &&
    challenge.expiresAt > now &&
    challenge.attempts < SIGN_IN_CHALLENGE_MAX_ATTEMPTS;
  const user = open ? await findUserById(ctx.db, challenge.userId) : undefined;
  if (!open || user === undefined) throw expired();
  // Deactivated after the password step (the deactivation also deletes the challenge).
  if (user.status !== "active")
    throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
  // Taken before the check and given back when the code is right (as at step 1); then one of the
  // challenge's attempts is claimed, atomically too, so a burst cannot try more codes than either allows.
  const taken = await ctx.limiter.take(
    { rule: rateLimitRules.codeFailuresPerIp, key: client.ip },
    { rule: rateLimitRules.codeFailuresPerAccount, key: user.id },
  );
  if (!(await claimCodeAttempt(ctx.db, idHash, now, SIGN_IN_CHALLENGE_MAX_ATTEMPTS))) {
    await ctx.limiter.refund(taken);
    throw expired();
  }

  // The authenticator secret is read for this check only.
  const secrets = challenge.method === "totp" ? await findTwoFactorSecrets(ctx.db, user.id) : undefined;
  const { right, step } = checkCode(ctx, { challenge, user, secrets, code, now });
  if (!right) {
    await recordFailedSignIn(ctx, { userId: user.id, client });
    throw wrongCode();
  }
  await ctx.limiter.refund(taken);

  const session = await ctx.db.transaction(async (tx) => {
    // Conditional updates: of two requests racing with the same right code, one signs in.
    if (!(await consumeChallenge(tx, idHash, now))) throw expired();
    if (step !== null && !(await useTotpStep(tx, user.id, step))) throw wrongCode();
    await recordSuccessfulSignIn(tx, { geo: ctx.geo, userId: user.id, client, device, now });
    return startSession(tx, {
      userId: user.id,
      remember: challenge.remember,
      client,
      now,
      previousToken: previousSessionToken,
    });
  });
  return { user, session };
}
