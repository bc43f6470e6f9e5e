import { randomUUID } from "node:crypto";
import {
  authenticationResponseSchema,
  passkeyRegistrationBodySchema,
  registrationResponseSchema,
} from "@satsbank/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noGeoLookup } from "../../adapters/geoip/geoip.js";
import type { MailMessage } from "../../adapters/mailer/mailer.js";
import { createRateLimiter } from "../../adapters/rate-limit/limiter.js";
import { loginEvents, passkeyChallenges, passkeys, sessions } from "../../db/schema/index.js";
import { CHROME_LINUX, type FakeClock, fakeClock, signUp } from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { findUserById } from "../auth/index.js";
import type { PasskeyAccountContext } from "./account-context.js";
import { verifyPasskeyAuthentication } from "./authentication.js";
import { registerPasskey } from "./registration.js";
import type { RelyingParty } from "./relying-party.js";
import { recordedAssertion, recordedRegistration } from "./test/recorded-fixtures.js";

// Issue 22: the registration and authentication ceremonies on responses RECORDED from real authenticators
// (SimpleWebAuthn's own test data, test/recorded-fixtures.ts), not only on our software authenticator:
// accepted for the origin and RP ID they were made on, refused for any other.

let t: TestApp;
let clock: FakeClock;
const mail: MailMessage[] = [];
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

function contextFor(rp: Pick<RelyingParty, "id" | "origin">): PasskeyAccountContext {
  return {
    db: t.db,
    clock,
    rp: { ...rp, name: "Satsbank" },
    limiter: createRateLimiter({ db: t.db, clock }),
    geo: noGeoLookup,
    mailer: {
      kind: "memory",
      send: async (message) => void mail.push(message),
      close: async () => undefined,
    },
    brandName: "Satsbank",
  };
}

/** The challenge a recorded response answers, stored as our server would have issued it. */
async function storeChallenge(values: {
  purpose: "registration" | "signIn";
  challenge: string;
  userId: string | null;
  sessionId: string | null;
}): Promise<string> {
  const [row] = await t.db
    .insert(passkeyChallenges)
    .values({ ...values, createdAt: clock.now(), expiresAt: new Date(clock.now().getTime() + 5 * 60_000) })
    .returning({ id: passkeyChallenges.id });
  return row?.id as string;
}

const client = { ip: "198.51.100.7", userAgent: CHROME_LINUX };
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "accepted",
    (error: { reason?: string }) => error.reason ?? String(error),
  );

describe("a recorded registration (Firefox on Android, attestation none)", () => {
  it("passes the wire schema, is refused for another origin or RP ID, and is stored for its own", async () => {
    const { user: signedUp } = await signUp(t);
    const user = await findUserById(t.db, signedUp.id);
    if (user === undefined) throw new Error("no user");
    const sessionId = randomUUID();
    const challengeId = await storeChallenge({
      purpose: "registration",
      challenge: recordedRegistration.challenge,
      userId: user.id,
      sessionId,
    });
    expect(registrationResponseSchema.safeParse(recordedRegistration.response).success).toBe(true);
    const body = passkeyRegistrationBodySchema.parse({
      challengeId,
      response: recordedRegistration.response,
    });
    const register = (rp: Pick<RelyingParty, "id" | "origin">) =>
      registerPasskey({ ctx: contextFor(rp), user, sessionId, body, client });

    const { id, origin } = recordedRegistration.rp;
    expect(await reasonOf(register({ id, origin: "https://dontneeda.pw" }))).toBe("passkeyNotVerified");
    expect(await reasonOf(register({ id: "dontneeda.pw", origin }))).toBe("passkeyNotVerified");
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);

    const passkey = await register({ id, origin });
    expect(passkey).toMatchObject({
      name: "Chrome on Linux",
      device: "Chrome on Linux",
      synced: false,
    });
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored).toMatchObject({
      credentialId: recordedRegistration.response.id,
      aaguid: "00000000-0000-0000-0000-000000000000",
      signCount: 0,
    });
    // Good once: the same response again finds its challenge used.
    expect(await reasonOf(register({ id, origin }))).toBe("passkeyReused");
  });
});

describe("a recorded assertion (user verified, counter 1643868837)", () => {
  it("passes the wire schema, is refused for another origin or RP ID, and signs its owner in for its own", async () => {
    const { user } = await signUp(t);
    await t.db.insert(passkeys).values({
      userId: user.id,
      credentialId: recordedAssertion.credential.id,
      publicKey: recordedAssertion.credential.publicKey,
      signCount: 0,
      aaguid: "00000000-0000-0000-0000-000000000000",
      device: "Recorded authenticator",
      synced: false,
      name: "Recorded",
      createdAt: clock.now(),
    });
    const challengeId = await storeChallenge({
      purpose: "signIn",
      challenge: recordedAssertion.challenge,
      userId: null,
      sessionId: null,
    });
    expect(authenticationResponseSchema.safeParse(recordedAssertion.response).success).toBe(true);
    const signIn = (rp: Pick<RelyingParty, "id" | "origin">) =>
      verifyPasskeyAuthentication({
        ctx: contextFor(rp),
        approval: { challengeId, response: recordedAssertion.response },
        remember: false,
        asker: null,
        client,
        device: null,
        previousSessionToken: undefined,
      });

    const { id, origin } = recordedAssertion.rp;
    expect(await reasonOf(signIn({ id, origin: "http://localhost:80" }))).toBe("passkeyNotVerified");
    expect(await reasonOf(signIn({ id: "example.com", origin }))).toBe("passkeyNotVerified");
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    const { result, signedIn } = await signIn({ id, origin });
    expect(result.user.id).toBe(user.id);
    expect(signedIn?.userId).toBe(user.id);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored?.signCount).toBe(recordedAssertion.counter);
    const events = await t.db.select().from(loginEvents).where(eq(loginEvents.userId, user.id));
    expect(events.map((event) => `${event.status} ${event.method}`).sort()).toEqual([
      "failed passkey",
      "failed passkey",
      "success passkey",
    ]);
    // Replayed: its challenge is used.
    expect(await reasonOf(signIn({ id, origin }))).toBe("passkeyReused");
  });
});
