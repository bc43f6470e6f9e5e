import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEYS_PER_ACCOUNT,
  type Passkey,
  type PasskeyRegistrationBody,
  type PasskeyRegistrationOptions,
  passkeyMessages,
} from "@satsbank/shared";
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { COSEALG, isoBase64URL } from "@simplewebauthn/server/helpers";
import { AppError } from "../../domain/app-error.js";
import type { Client } from "../../domain/device.js";
import { rateLimitRules } from "../../domain/rate-limit.js";
import type { User } from "../../domain/user.js";
import { assertFreshProof, authText, lockUser } from "../auth/index.js";
import type { PasskeyAccountContext } from "./account-context.js";
import { claimChallenge, issueChallenge } from "./challenges.js";
import { passkeyDevice } from "./device-names.js";
import { passkeyExpired, passkeyNotVerified } from "./errors.js";
import { countPasskeys, insertPasskey } from "./owner-queries.js";
import { tellPasskeyChange } from "./passkey-notices.js";
import { findPasskeyByCredentialId, findPasskeysOf } from "./passkey-queries.js";
import { toPasskey } from "./passkey-view.js";

// Adding a passkey: WebAuthn's registration ceremony, for a signed-in person whose proof is fresh.

/**
 * The public-key algorithms a passkey may use, offered and accepted alike: EdDSA, ES256, RS256. Named here,
 * not left to @simplewebauthn/server's default, which asks the runtime (`SubtleCrypto.supports`): on Node 24
 * that puts ML-DSA-44 first, through an experimental Web Crypto API that prints a warning, so the options
 * would differ between the Node.js lines we support (decision 0022).
 */
export const PASSKEY_ALGORITHMS = [COSEALG.EdDSA, COSEALG.ES256, COSEALG.RS256];

const alreadyRegistered = () => new AppError("CONFLICT", passkeyMessages.alreadyRegistered);
const tooMany = () => new AppError("CONFLICT", passkeyMessages.tooMany);

/** The WebAuthn user handle of an account: its id's 16 bytes (stable, and no personal data). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replaceAll("-", ""), "hex"));
}

/**
 * The options to create a passkey (`navigator.credentials.create`): a discoverable credential (it signs in
 * without an email typed), user verification required (it is both factors), no attestation asked, the
 * person's passkeys excluded (an authenticator that holds one says so instead of making another). Needs a
 * fresh proof (403 `reauthenticate`); the challenge is this session's, good once for 5 minutes.
 */
export async function registrationOptions({
  ctx,
  user,
  sessionId,
}: {
  ctx: PasskeyAccountContext;
  user: User;
  sessionId: string;
}): Promise<PasskeyRegistrationOptions> {
  const now = ctx.clock.now();
  await assertFreshProof(ctx.db, { sessionId, now });
  const own = await findPasskeysOf(ctx.db, user.id);
  if (own.length >= PASSKEYS_PER_ACCOUNT) throw tooMany();
  await ctx.limiter.take({ rule: rateLimitRules.passkeyRegistrationsPerAccount, key: user.id });
  const { challengeId, challenge } = await issueChallenge(ctx.db, {
    purpose: "registration",
    userId: user.id,
    sessionId,
    now,
  });
  const options = await generateRegistrationOptions({
    rpName: ctx.rp.name,
    rpID: ctx.rp.id,
    userID: userHandle(user.id),
    userName: user.email,
    userDisplayName: user.name,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: PASSKEY_CHALLENGE_MINUTES * 60_000,
    attestationType: "none",
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    excludeCredentials: own.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    },
  });
  return { challengeId, options: { ...options, rp: { ...options.rp } } };
}

/**
 * Stores the new credential once @simplewebauthn/server verified it against this session's challenge
 * (single use), the bank's origin and RP ID, with user verification. Refused: a credential registered
 * already (409, to anyone), a person at PASSKEYS_PER_ACCOUNT (409). Named as the body says, else after
 * what made it. The person is told (notification, email, login history).
 */
export async function registerPasskey({
  ctx,
  user,
  sessionId,
  body,
  client,
}: {
  ctx: PasskeyAccountContext;
  user: User;
  sessionId: string;
  body: PasskeyRegistrationBody;
  client: Client;
}): Promise<Passkey> {
  const now = ctx.clock.now();
  const { passkey, mail } = await ctx.db.transaction(async (tx) => {
    // The person's row, locked: two registrations of one account are counted one after the other.
    const owner = await lockUser(tx, user.id);
    if (owner?.status !== "active") {
      throw new AppError("FORBIDDEN", authText.accountInactive, undefined, "accountInactive");
    }
    const challenge = await claimChallenge(tx, {
      challengeId: body.challengeId,
      purpose: "registration",
      userId: user.id,
      now,
    });
    if (challenge.sessionId !== sessionId) throw passkeyExpired();
    const verification = await verifyRegistrationResponse({
      response: body.response as RegistrationResponseJSON,
      expectedChallenge: challenge.challenge,
      expectedOrigin: ctx.rp.origin,
      expectedRPID: ctx.rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
    }).catch(() => null);
    if (verification === null || !verification.verified) throw passkeyNotVerified();
    const { credential, aaguid, credentialBackedUp } = verification.registrationInfo;
    if ((await findPasskeyByCredentialId(tx, credential.id)) !== undefined) throw alreadyRegistered();
    if ((await countPasskeys(tx, user.id)) >= PASSKEYS_PER_ACCOUNT) throw tooMany();
    const device = passkeyDevice(aaguid, client.userAgent);
    const row = await insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      aaguid,
      device,
      synced: credentialBackedUp,
      name: body.name ?? device,
      createdAt: now,
    });
    if (row === undefined) throw alreadyRegistered();
    const told = await tellPasskeyChange(tx, {
      ctx,
      user,
      client,
      change: { kind: "added", name: row.name },
      now,
    });
    return { passkey: row, mail: told };
  });
  await ctx.mailer.send(mail);
  return toPasskey(passkey);
}
