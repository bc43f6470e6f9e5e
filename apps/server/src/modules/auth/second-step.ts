import type { SignInMethod } from "@satsbank/shared";
import type { Taken } from "../../adapters/rate-limit/limiter.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../domain/app-error.js";
import { SIGN_IN_CHALLENGE_MAX_ATTEMPTS } from "../../domain/auth-policy.js";
import type { Client, KnownDevice } from "../../domain/device.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import { type ChallengeRow, claimCodeAttempt, consumeChallenge, findChallenge } from "./challenge-queries.js";
import type { AuthContext } from "./context.js";
import { recordSuccessfulSignIn } from "./login-events.js";
import { authText } from "./messages.js";
import { type NewSession, startSession } from "./sessions.js";
import { hashToken } from "./tokens.js";
import { findUserById } from "./user-queries.js";

export const signInExpired = () => new AppError("UNAUTHENTICATED", authText.signInExpired);
/** A signed-in person's proof that ended (used, expired, replaced, another's): 400, the session stays. */
export const reauthenticationExpired = () => new AppError("BAD_REQUEST", authText.reauthenticationExpired);

/** What a second step opens: a sign-in, or a signed-in person's fresh proof (login_challenges.purpose). */
export type SecondStepPurpose = ChallengeRow["purpose"];

type Ctx = Pick<AuthContext, "db" | "clock" | "limiter">;

/** A second step under way: its open challenge and account, and the limits' hits taken for it. */
export type SecondStep = { idHash: string; challenge: ChallengeRow; user: User; taken: Taken };

/**
 * The start of sign-in's second step, whatever proves it (the emailed code, the app's code, a recovery
 * code): the challenge must be open (good once, for 10 minutes and 5 wrong tries) and its account active.
 * A hit is taken per client address and per account before the check and given back when it is right (as
 * at step 1), then one of the challenge's attempts is claimed, atomically too, so a burst cannot try more
 * than either allows. A challenge answers only its own purpose: a sign-in's code never proves a signed-in
 * person again, and a proof's code never signs in (either is refused as ended, before any attempt counts);
 * a proof's challenge must also be the signed-in person's own (`userId`).
 */
export async function openSecondStep(
  ctx: Ctx,
  {
    challengeId,
    client,
    now,
    purpose = "signIn",
    userId,
    onlyFor,
  }: {
    challengeId: string;
    client: Client;
    now: Date;
    purpose?: SecondStepPurpose;
    /** The person the challenge must belong to (a signed-in person's proof). */
    userId?: string;
    /** A proof that only fits this kind of challenge (a recovery code: the app's): others are refused. */
    onlyFor?: { method: ChallengeRow["method"]; otherwise: () => AppError };
  },
): Promise<SecondStep> {
  const ended = purpose === "signIn" ? signInExpired : reauthenticationExpired;
  const idHash = hashToken(challengeId);
  const challenge = await findChallenge(ctx.db, idHash);
  const open =
    challenge !== undefined &&
    challenge.purpose === purpose &&
    (userId === undefined || challenge.userId === userId) &&
    challenge.consumedAt === null &&
    challenge.expiresAt > now &&
    challenge.attempts < SIGN_IN_CHALLENGE_MAX_ATTEMPTS;
  const user = open ? await findUserById(ctx.db, challenge.userId) : undefined;
  if (!open || user === undefined) throw ended();
  // Deactivated after the password step (the deactivation also deletes the challenge).
  if (user.status !== "active")
    throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
  if (onlyFor !== undefined && challenge.method !== onlyFor.method) throw onlyFor.otherwise();
  const taken = await ctx.limiter.take(
    { rule: rateLimitRules.codeFailuresPerIp, key: client.ip },
    { rule: rateLimitRules.codeFailuresPerAccount, key: user.id },
  );
  if (!(await claimCodeAttempt(ctx.db, idHash, now, SIGN_IN_CHALLENGE_MAX_ATTEMPTS))) {
    await ctx.limiter.refund(taken);
    throw ended();
  }
  return { idHash, challenge, user, taken };
}

/**
 * The end of a right second step, in its db transaction: the challenge used up (conditionally: of two
 * requests racing with the same right proof, one signs in), then the proof itself (`spendProof`: an
 * authenticator code's time step, a recovery code; it throws when a racing request used it first), the
 * sign-in recorded (and told, when suspicious) and the session started.
 */
export async function completeSignIn(
  tx: Db,
  {
    ctx,
    step,
    client,
    device,
    now,
    previousSessionToken,
    spendProof,
    method,
  }: {
    ctx: Pick<AuthContext, "geo">;
    step: SecondStep;
    spendProof?: () => Promise<void>;
    /** What proved it: the password and a code, or a recovery code. */
    method: "password" | "recoveryCode";
    client: Client;
    device: KnownDevice | null;
    now: Date;
    previousSessionToken: string | undefined;
  },
): Promise<NewSession> {
  if (!(await consumeChallenge(tx, step.idHash, now))) throw signInExpired();
  await spendProof?.();
  return startSignedInSession(tx, {
    ctx,
    userId: step.user.id,
    method,
    remember: step.challenge.remember,
    client,
    device,
    now,
    previousSessionToken,
  });
}

/**
 * The end of every right sign-in (a second step, a passkey), in its db transaction: the sign-in recorded
 * with how it was proved (and told, when suspicious) and the session started (its proof fresh from now).
 */
export async function startSignedInSession(
  tx: Db,
  {
    ctx,
    userId,
    method,
    remember,
    client,
    device,
    now,
    previousSessionToken,
  }: {
    ctx: Pick<AuthContext, "geo">;
    userId: string;
    method: SignInMethod;
    remember: boolean;
    client: Client;
    device: KnownDevice | null;
    now: Date;
    previousSessionToken: string | undefined;
  },
): Promise<NewSession> {
  await recordSuccessfulSignIn(tx, { geo: ctx.geo, userId, client, device, method, now });
  return startSession(tx, { userId, remember, client, now, previousToken: previousSessionToken });
}
