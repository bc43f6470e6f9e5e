import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type { AuthenticationResponse, RegistrationResponse } from "@satsbank/shared";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A TEST DOUBLE: a software authenticator (a platform passkey with an ES256 key) that answers the options
// the server makes the way a browser and a real authenticator would, so the server's ceremonies run end to
// end in tests. Each knob makes one thing a real attacker could do: another origin, another RP ID, no user
// verification, a counter of its choosing, a credential id of its own. Never used by product code.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString("base64url");

export type CeremonyKnobs = {
  /** The page's origin as clientDataJSON says it (default: the authenticator's origin). */
  origin?: string;
  /** The RP ID hashed into authenticatorData (default: the authenticator's RP ID). */
  rpId?: string;
  /** User verification performed (default true). */
  userVerified?: boolean;
  /** The signature counter to report (default: the next of its own count, from 1). */
  counter?: number;
  /** A challenge other than the options' (a tampered answer). */
  challenge?: string;
};

export class SoftAuthenticator {
  readonly credentialId: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private count = 0;
  /** The user handle the server gave at registration (a discoverable credential answers it). */
  private userHandle: string | undefined;

  constructor(
    readonly rp: { id: string; origin: string },
    { counting = true, synced = true }: { counting?: boolean; synced?: boolean } = {},
  ) {
    const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    this.credentialId = b64url(randomBytes(16));
    this.counting = counting;
    this.synced = synced;
  }

  private readonly counting: boolean;
  private readonly synced: boolean;

  private flags(userVerified: boolean, extra = 0): number {
    return FLAG_UP | (userVerified ? FLAG_UV : 0) | (this.synced ? FLAG_BE | FLAG_BS : 0) | extra;
  }

  private nextCounter(knobs: CeremonyKnobs): number {
    if (knobs.counter !== undefined) return knobs.counter;
    if (!this.counting) return 0;
    this.count += 1;
    return this.count;
  }

  private clientData(type: string, challenge: string, knobs: CeremonyKnobs): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: knobs.challenge ?? challenge,
        origin: knobs.origin ?? this.rp.origin,
        crossOrigin: false,
      }),
    );
  }

  /** The COSE public key: EC2 (kty 2), ES256 (alg -7), P-256 (crv 1), x and y. */
  private cosePublicKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: "jwk" });
    if (jwk.x === undefined || jwk.y === undefined) throw new Error("no EC public key");
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x, "base64url")],
        [-3, Buffer.from(jwk.y, "base64url")],
      ]),
    );
  }

  /** Answers `startRegistration()`'s options: a new credential with attestation "none". */
  register(
    options: { challenge: string; user?: { id?: string } } & Record<string, unknown>,
    knobs: CeremonyKnobs = {},
  ): RegistrationResponse {
    this.userHandle = options.user?.id;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.nextCounter(knobs));
    const credentialId = Buffer.from(this.credentialId, "base64url");
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(knobs.rpId ?? this.rp.id),
      Buffer.from([this.flags(knobs.userVerified ?? true, FLAG_AT)]),
      counter,
      Buffer.alloc(16), // AAGUID: none given
      idLength,
      credentialId,
      Buffer.from(this.cosePublicKey()),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, knobs)),
        attestationObject: b64url(attestationObject),
        transports: ["internal", "hybrid"],
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }

  /** Answers `startAuthentication()`'s options: a signature over authenticatorData and clientDataJSON's hash. */
  assert(
    options: { challenge: string } & Record<string, unknown>,
    knobs: CeremonyKnobs = {},
  ): AuthenticationResponse {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.nextCounter(knobs));
    const authData = Buffer.concat([
      sha256(knobs.rpId ?? this.rp.id),
      Buffer.from([this.flags(knobs.userVerified ?? true)]),
      counter,
    ]);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, knobs);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle === undefined ? {} : { userHandle: this.userHandle }),
      },
      authenticatorAttachment: "platform",
      clientExtensionResults: {},
    };
  }
}
