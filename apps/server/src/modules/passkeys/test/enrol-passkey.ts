import { randomBytes } from "node:crypto";
import { verifyRegistrationResponse } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import type { Db } from "../../../db/client.js";
import { passkeys } from "../../../db/schema/index.js";
import { PASSKEY_ALGORITHMS } from "../registration.js";
import type { RelyingParty } from "../relying-party.js";
import { SoftAuthenticator } from "./soft-authenticator.js";

/**
 * Tests only: gives a person a passkey without the HTTP ceremony (a software authenticator registered as
 * the registration ceremony would store it), for tests of what a passkey approves. Answers the
 * authenticator, which can then answer the server's assertion options.
 */
export async function enrolPasskey(
  db: Db,
  {
    userId,
    rp,
    now,
    name = "Test passkey",
    counting = true,
  }: { userId: string; rp: RelyingParty; now: Date; name?: string; counting?: boolean },
): Promise<{ authenticator: SoftAuthenticator; passkeyId: string }> {
  const authenticator = new SoftAuthenticator(rp, { counting });
  const challenge = randomBytes(32).toString("base64url");
  const verification = await verifyRegistrationResponse({
    response: authenticator.register({ challenge }) as Parameters<
      typeof verifyRegistrationResponse
    >[0]["response"],
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
  });
  if (!verification.verified) throw new Error("the soft authenticator's registration did not verify");
  const { credential, credentialBackedUp, aaguid } = verification.registrationInfo;
  const [row] = await db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      aaguid,
      device: "Test authenticator",
      synced: credentialBackedUp,
      name,
      createdAt: now,
    })
    .returning({ id: passkeys.id });
  if (row === undefined) throw new Error("no passkey stored");
  return { authenticator, passkeyId: row.id };
}
