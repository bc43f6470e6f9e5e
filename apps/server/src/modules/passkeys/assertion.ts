import type { PasskeyApproval, RequestOptions } from "@satsbank/shared";
import { PASSKEY_CHALLENGE_MINUTES } from "@satsbank/shared";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Db } from "../../db/client.js";
import type { PasskeyChallengePurpose } from "../../db/schema/index.js";
import { type BoundFacts, boundChallenge, claimChallenge } from "./challenges.js";
import type { PasskeyContext } from "./context.js";
import { CounterWentBackError, passkeyChanged, passkeyFlaggedError, passkeyNotVerified } from "./errors.js";
import { findPasskeyByCredentialId, type PasskeyRow, recordPasskeyUse } from "./passkey-queries.js";
import type { RelyingParty } from "./relying-party.js";

/**
 * The options of an assertion: user verification required (a passkey is both factors), the given
 * passkeys allowed (none: a discoverable credential, the browser offers the person's own).
 */
export async function assertionOptions(
  rp: RelyingParty,
  { challenge, passkeys }: { challenge: string; passkeys: readonly PasskeyRow[] },
): Promise<RequestOptions> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    challenge: isoBase64URL.toBuffer(challenge),
    userVerification: "required",
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    allowCredentials: passkeys
      .filter((passkey) => passkey.flaggedAt === null)
      .map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
  });
  return { ...options };
}

/** The body's assertion as the library types it (the shared schema checked its shape and sizes). */
function libraryResponse(response: PasskeyApproval["response"]): AuthenticationResponseJSON {
  return response as AuthenticationResponseJSON;
}

/** The challenge the client's authenticator signed, as clientDataJSON says (null when unreadable). */
function signedChallenge(response: PasskeyApproval["response"]): string | null {
  try {
    return decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    return null;
  }
}

/**
 * Verifies an assertion in the caller's db transaction and records the passkey's use. The challenge is
 * claimed (single use; locked, so a replay racing it waits and is refused), then:
 * - a bound challenge (`facts`: a withdrawal, a staff action) is rebuilt from the facts the caller is about
 *   to carry out and its nonce; a signature over anything else is refused (400 passkeyChanged);
 * - the credential must be known, unflagged and, when `userId` is given, that person's (400
 *   passkeyNotVerified / 403 passkeyFlagged);
 * - @simplewebauthn/server checks the signature, the origin, the RP ID, the type and user verification;
 * - the signature counter may not go back (CounterWentBackError: run inside withCounterFlagging).
 * Answers the passkey and whose it is.
 */
export async function verifyAssertion(
  tx: Db,
  ctx: Pick<PasskeyContext, "clock" | "rp">,
  {
    approval,
    purpose,
    userId,
    facts,
  }: {
    approval: PasskeyApproval;
    purpose: PasskeyChallengePurpose;
    /** Whose passkey it must be; null for a sign-in (the credential names the person). */
    userId: string | null;
    /** A bound challenge's facts, as the server is about to act on them. */
    facts?: BoundFacts;
  },
): Promise<{ passkey: PasskeyRow; userId: string }> {
  const now = ctx.clock.now();
  const challenge = await claimChallenge(tx, { challengeId: approval.challengeId, purpose, userId, now });
  const expected =
    facts === undefined || challenge.nonce === null
      ? challenge.challenge
      : boundChallenge(purpose, facts, challenge.nonce);
  const signed = signedChallenge(approval.response);
  if (signed === null) throw passkeyNotVerified();
  // Signed for this challenge, but the request now carries other facts than those it was issued for.
  if (signed !== expected) throw signed === challenge.challenge ? passkeyChanged() : passkeyNotVerified();

  const passkey = await findPasskeyByCredentialId(tx, approval.response.id);
  if (passkey === undefined || (userId !== null && passkey.userId !== userId)) throw passkeyNotVerified();
  if (passkey.flaggedAt !== null) throw passkeyFlaggedError();

  const verification = await verifyAuthenticationResponse({
    response: libraryResponse(approval.response),
    expectedChallenge: expected,
    expectedOrigin: ctx.rp.origin,
    expectedRPID: ctx.rp.id,
    requireUserVerification: true,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      // The counter rule is applied below, atomically, where a regression can be told from other failures.
      counter: 0,
      transports: passkey.transports,
    },
  }).catch(() => null);
  if (verification === null || !verification.verified) throw passkeyNotVerified();

  const signCount = verification.authenticationInfo.newCounter;
  if (!(await recordPasskeyUse(tx, { id: passkey.id, signCount, now }))) {
    throw new CounterWentBackError(passkey.id, passkey.userId);
  }
  return { passkey, userId: passkey.userId };
}
