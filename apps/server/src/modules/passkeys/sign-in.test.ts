import {
  apiPaths,
  FRESH_PROOF_MINUTES,
  PASSKEY_CHALLENGE_MINUTES,
  passkeyAuthenticationResultSchema,
  passkeyMessages,
} from "@satsbank/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginEvents, passkeys, sessions, users } from "../../db/schema/index.js";
import {
  CHROME_LINUX,
  type FakeClock,
  fakeClock,
  me,
  sessionToken,
  signUp,
} from "../../test/auth-helpers.js";
import { createTestApp, type TestApp } from "../../test/create-test-app.js";
import { hashToken } from "../auth/tokens.js";
import {
  addPasskey,
  answerChallenge,
  authenticationChallenge,
  newAuthenticator,
  testRp,
} from "./test/passkey-http.js";

// Issue 22: signing in with a passkey alone (a discoverable credential, user verification: both factors),
// and a signed-in person's fresh proof with one of their own passkeys, through the HTTP routes.

let t: TestApp;
let clock: FakeClock;
beforeAll(async () => {
  clock = fakeClock();
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
let ipCounter = 0;
/** A client of its own per test: the per-address limits never mix tests. */
const freshClient = () => ({ remoteAddress: `203.0.113.${++ipCounter}`, userAgent: CHROME_LINUX });

/** A customer who signed up and added a passkey; the session and the authenticator. */
async function customerWithPasskey() {
  const client = freshClient();
  const { account, token, user } = await signUp(t, undefined, client);
  const authenticator = newAuthenticator();
  const added = await addPasskey(t, token, authenticator, { client });
  expect(added.statusCode, added.body).toBe(201);
  return { account, token, user, authenticator, client, passkey: added.json().passkey };
}

async function latestEvent(userId: string) {
  const [row] = await t.db
    .select()
    .from(loginEvents)
    .where(eq(loginEvents.userId, userId))
    .orderBy(desc(loginEvents.createdAt), desc(loginEvents.id))
    .limit(1);
  return row;
}

async function provedAt(token: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row?.provedAt ?? null;
}

describe("signing in with a passkey", () => {
  it("asks for a discoverable credential with user verification, and the passkey alone starts the session", async () => {
    const { user, authenticator } = await customerWithPasskey();
    clock.advance(MINUTE);
    const client = freshClient();
    const challenge = await authenticationChallenge(t, "signIn", client);
    expect(challenge.options).toMatchObject({ rpId: "localhost", userVerification: "required" });
    expect(challenge.options.allowCredentials ?? []).toEqual([]);

    const res = await answerChallenge(t, challenge, authenticator, { client, remember: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = passkeyAuthenticationResultSchema.strict().parse(res.json());
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    expect(body.freshUntil).toBe(
      new Date(clock.now().getTime() + FRESH_PROOF_MINUTES * MINUTE).toISOString(),
    );

    const token = sessionToken(res) as string;
    expect((await me(t, token)).json().user.id).toBe(user.id);
    // Remember me: the cookie lasts 30 days; the browser is known to the account from now on.
    expect(res.cookies.find((c) => c.name === "satsbank_session")?.maxAge).toBe(30 * 24 * 3600);
    expect(res.cookies.some((c) => c.name.includes("device"))).toBe(true);
    expect(await provedAt(token)).toEqual(clock.now());
    expect(await latestEvent(user.id)).toMatchObject({
      kind: "signIn",
      method: "passkey",
      status: "success",
      device: "Chrome 156 on Linux",
    });
    const [stored] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored?.lastUsedAt).toEqual(clock.now());
    expect(stored?.signCount).toBe(2);
  });

  it("refuses the same assertion again (409), and starts no second session", async () => {
    const { user, authenticator } = await customerWithPasskey();
    const client = freshClient();
    const challenge = await authenticationChallenge(t, "signIn", client);
    const response = authenticator.assert(challenge.options);
    const post = () =>
      t.app.inject({
        method: "POST",
        url: apiPaths.auth.passkeys.authenticationVerify,
        payload: { challengeId: challenge.challengeId, response },
        remoteAddress: client.remoteAddress,
      });
    expect((await post()).statusCode).toBe(200);
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    clock.advance(MINUTE);
    const replay = await post();
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error).toMatchObject({
      reason: "passkeyReused",
      message: passkeyMessages.approvalReused,
    });
    expect(sessionToken(replay)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      sessionsBefore.length,
    );
  });

  it("refuses a challenge older than 5 minutes", async () => {
    const { authenticator } = await customerWithPasskey();
    const client = freshClient();
    const challenge = await authenticationChallenge(t, "signIn", client);
    clock.advance(PASSKEY_CHALLENGE_MINUTES * MINUTE + 1);
    const res = await answerChallenge(t, challenge, authenticator, { client });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.reason).toBe("passkeyExpired");
    expect(sessionToken(res)).toBeUndefined();
  });

  it("refuses a passkey the bank does not know, another origin, another RP ID, no user verification", async () => {
    const { authenticator } = await customerWithPasskey();
    const cases = [
      { authenticator: newAuthenticator(), knobs: {} },
      { authenticator, knobs: { origin: "https://satsbank.example.evil" } },
      { authenticator, knobs: { rpId: "evil.example" } },
      { authenticator, knobs: { userVerified: false } },
    ];
    for (const { authenticator: signer, knobs } of cases) {
      const client = freshClient();
      const challenge = await authenticationChallenge(t, "signIn", client);
      const res = await answerChallenge(t, challenge, signer, { client, knobs });
      expect(res.statusCode, JSON.stringify(knobs)).toBe(400);
      expect(res.json().error.reason).toBe("passkeyNotVerified");
      expect(sessionToken(res)).toBeUndefined();
    }
  });

  it("a deactivated customer's passkey is refused as sign-in refuses them, and the failure is in their history", async () => {
    const { user, authenticator } = await customerWithPasskey();
    await t.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const [before] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    const sessionsBefore = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    clock.advance(MINUTE);
    const client = freshClient();
    const challenge = await authenticationChallenge(t, "signIn", client);
    const res = await answerChallenge(t, challenge, authenticator, { client });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: "FORBIDDEN", reason: "accountInactive" });
    expect(sessionToken(res)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual(sessionsBefore);
    // Nothing of the attempt kept: the counter and last use stand.
    const [after] = await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(after).toEqual(before);
    expect(await latestEvent(user.id)).toMatchObject({ status: "failed", method: "passkey", kind: "signIn" });
  });

  it("counts failures per address as wrong codes do: after 20, even a right assertion waits", async () => {
    const { authenticator } = await customerWithPasskey();
    const client = freshClient();
    const stranger = newAuthenticator();
    for (let i = 0; i < 20; i += 1) {
      const challenge = await authenticationChallenge(t, "signIn", client);
      expect((await answerChallenge(t, challenge, stranger, { client })).statusCode).toBe(400);
    }
    const challenge = await authenticationChallenge(t, "signIn", client);
    const res = await answerChallenge(t, challenge, authenticator, { client });
    expect(res.statusCode).toBe(429);
    expect(sessionToken(res)).toBeUndefined();
  });
});

describe("a fresh proof with a passkey", () => {
  it("allows only the person's own passkeys and makes this session's proof fresh", async () => {
    const { token, authenticator, client } = await customerWithPasskey();
    clock.advance((FRESH_PROOF_MINUTES + 1) * MINUTE);
    const challenge = await authenticationChallenge(t, "reauthenticate", { ...client, cookie: token });
    expect(challenge.options.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId, type: "public-key" }),
    ]);
    expect(challenge.options.userVerification).toBe("required");
    const res = await answerChallenge(t, challenge, authenticator, { client: { ...client, cookie: token } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().freshUntil).toBe(
      new Date(clock.now().getTime() + FRESH_PROOF_MINUTES * MINUTE).toISOString(),
    );
    expect(sessionToken(res)).toBeUndefined(); // the same session, proved again
    expect(await provedAt(token)).toEqual(clock.now());
  });

  it("refuses another person's passkey, and leaves the proof as it was", async () => {
    const alice = await customerWithPasskey();
    const bob = await customerWithPasskey();
    clock.advance((FRESH_PROOF_MINUTES + 1) * MINUTE);
    const before = await provedAt(alice.token);
    const challenge = await authenticationChallenge(t, "reauthenticate", {
      ...alice.client,
      cookie: alice.token,
    });
    const res = await answerChallenge(t, challenge, bob.authenticator, {
      client: { ...alice.client, cookie: alice.token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.reason).toBe("passkeyNotVerified");
    expect(await provedAt(alice.token)).toEqual(before);
  });

  it("a proof's challenge never signs in: without a session, nor for another browser", async () => {
    const { token, authenticator, client, user } = await customerWithPasskey();
    const challenge = await authenticationChallenge(t, "reauthenticate", { ...client, cookie: token });
    const signedOut = await answerChallenge(t, challenge, authenticator, { client: freshClient() });
    expect(signedOut.statusCode).toBe(401);
    expect(sessionToken(signedOut)).toBeUndefined();
    // The same person's other session cannot use this session's challenge either.
    const other = await answerChallenge(
      t,
      await authenticationChallenge(t, "signIn", freshClient()),
      authenticator,
    );
    const otherToken = sessionToken(other) as string;
    const res = await answerChallenge(t, challenge, authenticator, { client: { cookie: otherToken } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.reason).toBe("passkeyExpired");
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, user.id))),
    ).toHaveLength(2);
  });

  it("asks for a session, and for a passkey to prove with", async () => {
    const signedOut = await t.app.inject({
      method: "POST",
      url: apiPaths.auth.passkeys.authenticationOptions,
      payload: { purpose: "reauthenticate" },
    });
    expect(signedOut.statusCode).toBe(401);
    const { token } = await signUp(t);
    const none = await t.app.inject({
      method: "POST",
      url: apiPaths.auth.passkeys.authenticationOptions,
      payload: { purpose: "reauthenticate" },
      cookies: { satsbank_session: token },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(
      "You have no passkey to confirm with. Confirm with your password instead.",
    );
  });
});

describe("the relying party", () => {
  it("is PUBLIC_URL's host and origin", () => {
    expect(testRp).toEqual({ id: "localhost", name: "Satsbank", origin: "http://localhost" });
  });
});
