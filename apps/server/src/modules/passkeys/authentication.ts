import {
  FRESH_PROOF_MINUTES,
  type PasskeyApproval,
  type PasskeyAuthenticationResult,
  type PasskeyChallenge,
} from "@satsbank/shared";
import { AppError, RateLimitedError } from "../../domain/app-error.js";
import type { Client, KnownDevice } from "../../domain/device.js";
import { isLoopbackAddress } from "../../domain/ip-address.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import {
  authText,
  findUserById,
  markSessionProved,
  type NewSession,
  recordFailedSignIn,
  startSignedInSession,
  toSessionUser,
} from "../auth/index.js";
import type { PasskeyAccountContext } from "./account-context.js";
import { assertionOptions, verifyAssertion } from "./assertion.js";
import { issueChallenge } from "./challenges.js";
import { passkeyExpired } from "./errors.js";
import { withCounterFlagging } from "./flagging.js";
import { findChallengeHead } from "./owner-queries.js";
import { findPasskeyByCredentialId, findPasskeysOf } from "./passkey-queries.js";
import { passkeyText } from "./passkey-text.js";

// Signing in with a passkey (a discoverable credential: no email typed, user verification makes it both
// factors), and a signed-in person's fresh proof with one of their own passkeys.

/** Who asks: a signed-in person's session, or nobody (a sign-in). */
export type Asker = { sessionId: string; user: User } | null;

const signInRequired = () => new AppError("UNAUTHENTICATED", authText.signInRequired);

/**
 * The options to sign: `signIn` (no session needed) allows any of the bank's passkeys (the browser offers
 * the person's own, from the email field's autofill or the button); `reauthenticate` (signed in) allows
 * only the person's own, and its challenge is this session's. Challenges count per client address
 * (`passkeyChallengesPerIp`; outside production this machine's own are spared, as sign-ups are).
 */
export async function authenticationOptions({
  ctx,
  purpose,
  asker,
  client,
  spareLoopback,
}: {
  ctx: PasskeyAccountContext;
  purpose: "signIn" | "reauthenticate";
  asker: Asker;
  client: Client;
  spareLoopback: boolean;
}): Promise<PasskeyChallenge> {
  const now = ctx.clock.now();
  if (purpose === "reauthenticate" && asker === null) throw signInRequired();
  if (!(spareLoopback && isLoopbackAddress(client.ip))) {
    await ctx.limiter.take({ rule: rateLimitRules.passkeyChallengesPerIp, key: client.ip });
  }
  if (purpose === "signIn" || asker === null) {
    const issued = await issueChallenge(ctx.db, { purpose: "signIn", userId: null, sessionId: null, now });
    return {
      challengeId: issued.challengeId,
      options: await assertionOptions(ctx.rp, { challenge: issued.challenge, passkeys: [] }),
    };
  }
  const usable = (await findPasskeysOf(ctx.db, asker.user.id)).filter(
    (passkey) => passkey.flaggedAt === null,
  );
  if (usable.length === 0) throw new AppError("BAD_REQUEST", passkeyText.noPasskeyToProve);
  const issued = await issueChallenge(ctx.db, {
    purpose: "reauthenticate",
    userId: asker.user.id,
    sessionId: asker.sessionId,
    now,
  });
  return {
    challengeId: issued.challengeId,
    options: await assertionOptions(ctx.rp, { challenge: issued.challenge, passkeys: usable }),
  };
}

export type PasskeyAuthenticated = {
  result: PasskeyAuthenticationResult;
  /** A sign-in's new session (the cookie's token) and the account the browser now knows; null after a proof. */
  signedIn: { session: NewSession; userId: string } | null;
};

/**
 * Verifies an assertion for the ceremony its challenge was issued for. A sign-in's: the credential names
 * the account; an active one's session starts as after a right second step (the sign-in recorded with
 * the method `passkey`, suspicious ones told; the device cookie; the proof fresh); a deactivated account
 * is refused as sign-in refuses it (403 accountInactive) and nothing changes. A proof's: only this
 * session's challenge, only the person's own passkey; the session's proof is fresh after it. Either way
 * the attempt counts as a second step's does (per client address and per account) until it succeeds, and
 * a failure with a known credential shows in its owner's login history.
 */
export async function verifyPasskeyAuthentication({
  ctx,
  approval,
  remember,
  asker,
  client,
  device,
  previousSessionToken,
}: {
  ctx: PasskeyAccountContext;
  approval: PasskeyApproval;
  remember: boolean;
  asker: Asker;
  client: Client;
  device: KnownDevice | null;
  previousSessionToken: string | undefined;
}): Promise<PasskeyAuthenticated> {
  const now = ctx.clock.now();
  const head = await findChallengeHead(ctx.db, approval.challengeId);
  const proving = head?.purpose === "reauthenticate";
  if (proving && asker === null) throw signInRequired();
  // Whose credential it claims to be (the signature is checked below): its owner's attempts count.
  const credential = await findPasskeyByCredentialId(ctx.db, approval.response.id);
  const accountKey = asker?.user.id ?? credential?.userId;
  const taken = await ctx.limiter.take(
    { rule: rateLimitRules.codeFailuresPerIp, key: client.ip },
    ...(accountKey === undefined ? [] : [{ rule: rateLimitRules.codeFailuresPerAccount, key: accountKey }]),
  );
  try {
    const outcome =
      proving && asker !== null
        ? await prove(ctx, { approval, asker, sessionMatches: head?.sessionId === asker.sessionId, now })
        : await signIn(ctx, { approval, remember, client, device, previousSessionToken, now });
    await ctx.limiter.refund(taken);
    return outcome;
  } catch (error) {
    if (credential !== undefined && error instanceof AppError && !(error instanceof RateLimitedError)) {
      await recordFailedSignIn(ctx, { userId: credential.userId, client, method: "passkey" });
    }
    throw error;
  }
}

const freshFrom = (now: Date) => new Date(now.getTime() + FRESH_PROOF_MINUTES * 60_000).toISOString();

async function signIn(
  ctx: PasskeyAccountContext,
  {
    approval,
    remember,
    client,
    device,
    previousSessionToken,
    now,
  }: {
    approval: PasskeyApproval;
    remember: boolean;
    client: Client;
    device: KnownDevice | null;
    previousSessionToken: string | undefined;
    now: Date;
  },
): Promise<PasskeyAuthenticated> {
  return withCounterFlagging(ctx, () =>
    ctx.db.transaction(async (tx) => {
      const { userId } = await verifyAssertion(tx, ctx, { approval, purpose: "signIn", userId: null });
      const user = await findUserById(tx, userId);
      // Deactivated by staff: said as sign-in says it, and nothing of the attempt is kept (rolled back).
      if (user?.status !== "active") {
        throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
      }
      const session = await startSignedInSession(tx, {
        ctx,
        userId,
        method: "passkey",
        remember,
        client,
        device,
        now,
        previousSessionToken,
      });
      return {
        result: { user: toSessionUser(user), freshUntil: freshFrom(now) },
        signedIn: { session, userId },
      };
    }),
  );
}

async function prove(
  ctx: PasskeyAccountContext,
  {
    approval,
    asker,
    sessionMatches,
    now,
  }: { approval: PasskeyApproval; asker: NonNullable<Asker>; sessionMatches: boolean; now: Date },
): Promise<PasskeyAuthenticated> {
  // Another session's challenge (of the same person) proves nothing here.
  if (!sessionMatches) throw passkeyExpired();
  return withCounterFlagging(ctx, () =>
    ctx.db.transaction(async (tx) => {
      await verifyAssertion(tx, ctx, { approval, purpose: "reauthenticate", userId: asker.user.id });
      const freshUntil = await markSessionProved(tx, { sessionId: asker.sessionId, now });
      return {
        result: { user: toSessionUser(asker.user), freshUntil: freshUntil.toISOString() },
        signedIn: null,
      };
    }),
  );
}
