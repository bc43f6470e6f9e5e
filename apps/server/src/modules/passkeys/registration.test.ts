import {
  apiPaths,
  FRESH_PROOF_MINUTES,
  freshProofErrors,
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEYS_PER_ACCOUNT,
  passkeyMessages,
  passkeyRegistrationOptionsSchema,
  passkeyResponseSchema,
} from "@satsbank/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginEvents, notifications, passkeys } from "../../db/schema/index.js";
import {
  CHROME_LINUX,
  codeIn,
  type FakeClock,
  fakeClock,
  mailTo,
  postJson,
  signIn,
  signUp,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { addPasskey, newAuthenticator, registrationOptions } from "./test/passkey-http.js";

// Issue 22: adding a passkey (WebAuthn registration) through the HTTP routes, answered by a software
// authenticator: a fresh proof first, this session's single-use challenge, the bank's origin and RP ID,
// user verification; the customer told of it everywhere.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock, config: { brandName: "Acme Bank" } });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const chrome = { userAgent: CHROME_LINUX, remoteAddress: "198.51.100.20" };

async function storedOf(userId: string) {
  return t.db.select().from(passkeys).where(eq(passkeys.userId, userId));
}

describe("the registration options", () => {
  it("ask the browser for a discoverable credential with user verification, no attestation, this account", async () => {
    const { token, user } = await signUp(t, {
      name: "Ada Lovelace",
      email: "ada-reg@example.com",
      password: "correct horse battery",
    });
    const res = await registrationOptions(t, token);
    expect(res.statusCode, res.body).toBe(200);
    const { options } = passkeyRegistrationOptionsSchema.parse(res.json());
    expect(options).toMatchObject({
      rp: { id: "localhost", name: "Acme Bank" },
      user: {
        id: Buffer.from(user.id.replaceAll("-", ""), "hex").toString("base64url"),
        name: "ada-reg@example.com",
        displayName: "Ada Lovelace",
      },
      attestation: "none",
      // EdDSA, ES256, RS256 on every Node.js line (Node 24 would put ML-DSA-44 first: decision 0022).
      pubKeyCredParams: [
        { type: "public-key", alg: -8 },
        { type: "public-key", alg: -7 },
        { type: "public-key", alg: -257 },
      ],
      authenticatorSelection: {
        residentKey: "required",
        requireResidentKey: true,
        userVerification: "required",
      },
      excludeCredentials: [],
    });
  });

  it("exclude the person's passkeys, so an authenticator holding one does not make another", async () => {
    const { token } = await signUp(t);
    const authenticator = newAuthenticator();
    expect((await addPasskey(t, token, authenticator)).statusCode).toBe(201);
    const { options } = (await registrationOptions(t, token)).json();
    expect(options.excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId, type: "public-key" }),
    ]);
  });

  it("need a fresh proof: 10 minutes after the sign-in, 403 reauthenticate until the password and code", async () => {
    const { token, account, user } = await signUp(t);
    clock.advance(FRESH_PROOF_MINUTES * MINUTE + 1);
    const refused = await registrationOptions(t, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "FORBIDDEN",
      reason: "reauthenticate",
      message: freshProofErrors.reauthenticate.text,
    });
    const step = await postJson(
      t,
      apiPaths.account.reauthenticate,
      { currentPassword: account.password },
      { cookie: token },
    );
    const [mail] = await mailTo(t, account.email);
    const proved = await postJson(
      t,
      apiPaths.account.reauthenticateVerify,
      { challengeId: step.json().challengeId, code: codeIn(mail?.text ?? "") },
      { cookie: token },
    );
    expect(proved.statusCode).toBe(200);
    expect((await addPasskey(t, token, newAuthenticator())).statusCode).toBe(201);
    expect(await storedOf(user.id)).toHaveLength(1);
  });

  it("need a session", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: apiPaths.auth.passkeys.registrationOptions,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("adding a passkey", () => {
  it("stores the credential, named as asked, and tells the customer by notification, email and login history", async () => {
    const { token, user, account } = await signUp(t, undefined, chrome);
    clock.advance(MINUTE);
    const res = await addPasskey(t, token, newAuthenticator(), { name: "Work laptop", client: chrome });
    expect(res.statusCode, res.body).toBe(201);
    const { passkey } = passkeyResponseSchema.strict().parse(res.json());
    expect(passkey).toMatchObject({
      name: "Work laptop",
      device: "Chrome on Linux",
      synced: true,
      createdAt: clock.now().toISOString(),
      lastUsedAt: null,
      flagged: false,
    });
    const [notice] = await t.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notice).toMatchObject({ kind: "passkey_added", title: "Passkey added" });
    expect(notice?.message).toContain(
      'A passkey named "Work laptop" was added to your account from Chrome 156 on Linux',
    );
    const [mail] = await mailTo(t, account.email);
    expect(mail?.subject).toBe("Passkey added: your Acme Bank account");
    expect(mail?.text).toContain('"Work laptop"');
    const [event] = await t.db
      .select()
      .from(loginEvents)
      .where(eq(loginEvents.userId, user.id))
      .orderBy(desc(loginEvents.createdAt));
    expect(event).toMatchObject({
      kind: "passkeyAdded",
      passkeyName: "Work laptop",
      status: "success",
      method: null,
      ipAddress: "198.51.100.20",
      device: "Chrome 156 on Linux",
    });
  });

  it("names it after the browser when no name is given", async () => {
    const { token } = await signUp(t, undefined, chrome);
    const res = await addPasskey(t, token, newAuthenticator(), { client: chrome });
    expect(res.json().passkey.name).toBe("Chrome on Linux");
  });

  it("refuses another origin, another RP ID and no user verification, and stores nothing", async () => {
    const { token, user } = await signUp(t);
    for (const knobs of [
      { origin: "https://bank.example.evil" },
      { rpId: "evil.example" },
      { userVerified: false },
    ]) {
      const res = await addPasskey(t, token, newAuthenticator(), { knobs });
      expect(res.statusCode, JSON.stringify(knobs)).toBe(400);
      expect(res.json().error.reason).toBe("passkeyNotVerified");
    }
    expect(await storedOf(user.id)).toEqual([]);
  });

  it("refuses a challenge that expired, was used, or is another session's", async () => {
    const { token, user, account } = await signUp(t);
    const authenticator = newAuthenticator();
    const options = (await registrationOptions(t, token)).json();
    const response = authenticator.register(options.options);
    const verify = (cookie: string) =>
      postJson(
        t,
        apiPaths.auth.passkeys.registrationVerify,
        { challengeId: options.challengeId, response },
        { cookie },
      );
    // The same person signed in elsewhere: this challenge is not that session's.
    const { token: other } = await signIn(t, account);
    const elsewhere = await verify(other);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.reason).toBe("passkeyExpired");
    expect((await verify(token)).statusCode).toBe(201);
    const again = await verify(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.reason).toBe("passkeyReused");

    const late = (await registrationOptions(t, token)).json();
    clock.advance(PASSKEY_CHALLENGE_MINUTES * MINUTE + 1);
    const expired = await postJson(
      t,
      apiPaths.auth.passkeys.registrationVerify,
      { challengeId: late.challengeId, response: newAuthenticator().register(late.options) },
      { cookie: token },
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.reason).toBe("passkeyExpired");
    expect(await storedOf(user.id)).toHaveLength(1);
  });

  it("refuses a credential registered already, to this account or another (409)", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const authenticator = newAuthenticator();
    expect((await addPasskey(t, alice.token, authenticator)).statusCode).toBe(201);
    for (const token of [alice.token, bob.token]) {
      const res = await addPasskey(t, token, authenticator);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(passkeyMessages.alreadyRegistered);
    }
    expect(await storedOf(bob.user.id)).toEqual([]);
  });

  it(`holds at most ${PASSKEYS_PER_ACCOUNT} passkeys`, async () => {
    const { token, user } = await signUp(t);
    for (let i = 0; i < PASSKEYS_PER_ACCOUNT; i += 1) {
      expect((await addPasskey(t, token, newAuthenticator())).statusCode).toBe(201);
    }
    const res = await registrationOptions(t, token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(passkeyMessages.tooMany);
    expect(await storedOf(user.id)).toHaveLength(PASSKEYS_PER_ACCOUNT);
  });
});
